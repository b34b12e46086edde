'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const avsc = require('avsc');
const { loadShipped, referencedNames, inline } = require('../src/schemas');
const { parse } = require('../src/options');

const shipped = loadShipped(parse([])['schemas-dir']);

test('the shipped schemas refer to the common types by name, and only to those', () => {
  assert.deepEqual(referencedNames(shipped.top.NodeHeartbeat.json), ['io.gleaner.schemas.avro.Resources']);
  assert.deepEqual(referencedNames(shipped.top.TaskReport.json), ['io.gleaner.schemas.avro.TaskKind']);
  for (const schema of Object.values(shipped.top)) {
    for (const name of referencedNames(schema.json)) {
      assert.ok(name in shipped.common || name === 'io.gleaner.schemas.avro.JobSubmitted', name);
    }
  }
});

test('a heartbeat encodes with the shipped schema written out and decodes to the same record', () => {
  const type = avsc.Type.forSchema(inline(shipped.top.NodeHeartbeat.json, shipped.common));
  const heartbeat = {
    nodeId: 'n1', time: 1_000_000, rack: 'default-rack', labels: [], capacity: { cpus: 4, memoryBytes: 8 },
    speedGflops: 8, slots: 2, free: { cpus: 3.6, memoryBytes: 7 }, freeSlots: 2, runningAttempts: ['j/m/0/0'],
  };
  // Records decode as instances of generated classes: compare their JSON.
  assert.deepEqual(JSON.parse(JSON.stringify(type.fromBuffer(type.toBuffer(heartbeat)))), heartbeat);
});
