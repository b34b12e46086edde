'use strict';
// docs/executor-protocol.md shows example records; each must be a valid record of the schema it names.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const avsc = require('avsc');
const { loadShipped, inline } = require('../src/schemas');
const { parse } = require('../src/options');

const shipped = loadShipped(parse([])['schemas-dir']);
const doc = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'docs', 'executor-protocol.md'), 'utf8');

test('the protocol document\'s example records are valid records of their schemas', () => {
  const examples = [...doc.matchAll(/<!-- record: (\w+) -->\s*```json\n([\s\S]*?)```/g)];
  // One heartbeat, two samples, two placements, five reports, two QoS actions, a submission, two job events.
  assert.equal(examples.length, 15);
  for (const [, name, json] of examples) {
    const type = avsc.Type.forSchema(inline(shipped.top[name].json, shipped.common));
    const errors = [];
    const valid = type.isValid(JSON.parse(json), { errorHook: (p, v) => errors.push(`${p.join('.')}=${JSON.stringify(v)}`) });
    assert.ok(valid, `${name} example: ${errors.join(', ')}\n${json}`);
  }
});

test('the heartbeat example\'s free is what the margin rule gives', () => {
  const [, json] = doc.match(/<!-- record: NodeHeartbeat -->\s*```json\n([\s\S]*?)```/);
  const heartbeat = JSON.parse(json);
  const GiB = 1024 ** 3;
  // 4 cores and 8 GiB, 10 % margins, one attempt of 1 core and 512 MiB held, no owners.
  assert.equal(heartbeat.free.cpus, 4 - 0.4 - 1);
  assert.equal(heartbeat.free.memoryBytes, Math.floor(8 * GiB - 0.1 * 8 * GiB - 0.5 * GiB));
});
