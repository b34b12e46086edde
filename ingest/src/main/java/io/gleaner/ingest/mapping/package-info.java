/**
 * Declarative field mappings: a small YAML file says how a CSV line, a JSON document or an OTLP/JSON metrics
 * export becomes {@link io.gleaner.schemas.avro.UtilizationSample}s, with every unit conversion explicit. A
 * {@link io.gleaner.ingest.mapping.Mapping} is parsed and validated when loaded (a mistake is a
 * {@link io.gleaner.ingest.mapping.MappingException} naming the key and the allowed values); its
 * {@link io.gleaner.ingest.mapping.RecordMapper} turns one record into samples, a skip, or a rejection naming
 * the field and its value; {@link io.gleaner.ingest.mapping.MappedTraceReader} reads whole files with it, and
 * the telemetry adapter ({@code io.gleaner.ingest.adapter}) reads Kafka topics with it. Two presets ship as
 * resources {@code mappings/telegraf-json.yaml} and {@code mappings/otlp-json.yaml}.
 *
 * <p>A {@code json} or {@code csv} mapping:
 * <pre>
 * format: json                  # json | csv | otlp-json
 * host: tags.host               # JSON: dotted path (digits index arrays); CSV: column name
 * time: {field: timestamp, unit: s}          # s | ms | us | ns | iso8601
 * filter: [{field: name, in: [cpu, mem]}]    # optional; records failing it are skipped and counted
 * source: regular               # regular | ephemeral | total (default regular)
 * metrics:
 *   - metric: cpu               # cpu | memory | disk | network
 *     when: [{field: tags.cpu, equals: cpu-total}]   # optional; the metric applies only when all hold
 *     field: fields.usage_idle
 *     unit: percent             # percent (/100) | fraction | bytes (/capacity); or unitField: path
 *     complement: true          # 1 - x
 *   - metric: memory
 *     field: fields.used
 *     unit: bytes
 *     capacityField: fields.total   # or capacityBytes: 17179869184
 *     optional: true            # a missing field yields no sample instead of a rejection
 * csv: {delimiter: ",", header: true, columns: [...]}   # format csv only
 * </pre>
 * An {@code otlp-json} mapping names OTLP metrics and how their data points combine (see
 * {@link io.gleaner.ingest.mapping.OtlpMetricRule}):
 * <pre>
 * format: otlp-json
 * host: host.name               # resource attribute (default host.name)
 * metrics:
 *   - {metric: cpu, name: system.cpu.utilization, states: [idle], averageOver: cpu, complement: true}
 *   - {metric: memory, name: system.memory.utilization, states: [used]}
 * </pre>
 */
package io.gleaner.ingest.mapping;
