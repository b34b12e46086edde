/**
 * Readers of the Alibaba cluster-trace-v2018 (github.com/alibaba/clusterdata, {@code schema.txt}):
 * {@code machine_meta} to {@link io.gleaner.schemas.avro.NodeHeartbeat}s and {@code machine_usage} to
 * {@link io.gleaner.schemas.avro.UtilizationSample}s ({@link io.gleaner.ingest.alibaba.AlibabaMachineMetaReader},
 * {@link io.gleaner.ingest.alibaba.AlibabaMachineUsageReader}, settings in
 * {@link io.gleaner.ingest.alibaba.AlibabaMachineRule}), and {@code batch_task} and {@code batch_instance}
 * to jobs and tasks. The trace's terms allow research use but not redistribution, so no Alibaba data is
 * bundled; the tests use synthetic files in the published format.
 */
package io.gleaner.ingest.alibaba;
