'use strict';
// Gleaner's topics as schemas/src/main/java/io/gleaner/schemas/Topics.java names them: a prefix (default
// "gleaner.") and a short name. Keep in sync with Topics.withPrefix: the partition counts matter here, because a
// node's agent reads only the partition its node id hashes to.
const { Partitioners } = require('kafkajs');

const SHORT_NAMES = {
  jobsSubmitted: ['jobs.submitted', 1],
  nodesHeartbeats: ['nodes.heartbeats', 1],
  nodesUtilization: ['nodes.utilization', 6],
  tasksReports: ['tasks.reports', 1],
  placements: ['placements', 6],
  jobsEvents: ['jobs.events', 3],
  qosActions: ['qos.actions', 6],
};

/** The topics an executor or a submitter uses: {name, partitions} by catalogue field. */
function topics(prefix = 'gleaner.') {
  const all = {};
  for (const [field, [shortName, partitions]] of Object.entries(SHORT_NAMES)) {
    all[field] = { name: prefix + shortName, partitions };
  }
  return all;
}

// kafkajs's DefaultPartitioner is Kafka's Java default for keyed records: murmur2 of the key's UTF-8 bytes, made
// positive, modulo the partition count. The planner's Kafka Streams producer uses the Java one, so asking this one
// gives the partition the planner writes a node's placements to. With a key the partitioner never looks at which
// partitions have a leader, so made-up metadata is enough.
const partitioner = Partitioners.DefaultPartitioner();

/** The partition of a topic with `partitions` partitions that records keyed `key` go to. */
function partitionOf(key, partitions) {
  const partitionMetadata = Array.from({ length: partitions }, (_, partitionId) => ({ partitionId, leader: 0 }));
  return partitioner({ topic: 'any', partitionMetadata, message: { key } });
}

module.exports = { topics, partitionOf };
