'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { partitionOf, topics } = require('../src/topics');

test('a node id goes to the partition Kafka\'s Java default partitioner gives it', () => {
  // Expected values from org.apache.kafka.common.utils.Utils: toPositive(murmur2(utf8(id))) % 6, in jshell
  // against kafka-clients 4.1.1.
  const expected = { n1: 4, n2: 5, n3: 0, r1: 4, 'node-17': 0, 'ノード': 0 };
  for (const [id, partition] of Object.entries(expected)) {
    assert.equal(partitionOf(id, 6), partition, id);
  }
});

test('topic names carry the prefix and the catalogue\'s partition counts', () => {
  const t = topics('it.x.');
  assert.deepEqual(t.placements, { name: 'it.x.placements', partitions: 6 });
  assert.deepEqual(t.nodesHeartbeats, { name: 'it.x.nodes.heartbeats', partitions: 1 });
  assert.deepEqual(t.qosActions, { name: 'it.x.qos.actions', partitions: 6 });
  assert.deepEqual(t.jobsEvents, { name: 'it.x.jobs.events', partitions: 3 });
});
