'use strict';
// The rules a node of this executor follows (docs/executor-protocol.md names each test).
const test = require('node:test');
const assert = require('node:assert/strict');
const { node, placement, reports, until, GiB } = require('./fixtures');

test('free leaves the QoS safety margin and what the attempts hold', () => {
  const { node: n, sent } = node({ cpus: 4, memoryGiB: 8, margin: 0.1, ownerCpu: 0.25 });
  n.heartbeat();
  n.place(placement('j/m/0/0', { cpus: 1, memoryGiB: 1, command: ['sleep', '5'] }));
  n.heartbeat();
  const [first, second] = sent.filter(s => s.kind === 'heartbeat').map(s => s.value);
  // 4 cores - 1 (owners: 25 %) - 0.4 (margin: 10 %) = 2.6; then 1 core held: 1.6.
  assert.equal(first.free.cpus, 2.6);
  assert.equal(second.free.cpus, 1.6000000000000001);
  // 8 GiB - 0.8 GiB (margin) - 1 GiB held; the owners hold no memory here.
  assert.equal(second.free.memoryBytes, Math.floor(8 * GiB - 0.8 * GiB - 1 * GiB));
  assert.equal(second.freeSlots, 1);
  n.silence();
});

test('heartbeat time strictly increases per node even when the clock stands still', () => {
  const { node: n, sent } = node();
  n.heartbeat();
  n.heartbeat();
  n.samples();
  n.heartbeat();
  const times = sent.filter(s => s.kind === 'heartbeat').map(s => s.value.time);
  assert.deepEqual(times, [1_000_000, 1_000_001, 1_000_003]);
});

test('heartbeats are keyed by node id and list every attempt held, launched or not yet', () => {
  const { node: n, sent, clock } = node();
  n.heartbeat();
  n.place(placement('j/m/0/0', { epoch: clock.now, command: ['sleep', '5'] }));
  // notBefore in the future: held, not launched yet.
  n.place({ ...placement('j/m/1/0', { epoch: clock.now, command: ['sleep', '5'] }), notBefore: clock.now + 60_000 });
  n.heartbeat();
  const last = sent.filter(s => s.kind === 'heartbeat').at(-1);
  assert.equal(last.key, 'n1');
  assert.deepEqual(last.value.runningAttempts, ['j/m/0/0', 'j/m/1/0']);
  n.silence();
});

test('samples give CPU and MEMORY of the owners (REGULAR) and of the attempts (EPHEMERAL), keyed by node id', () => {
  const { node: n, sent } = node({ cpus: 4, memoryGiB: 8, ownerCpu: 0.5, ownerMemory: 0.25 });
  n.heartbeat();
  n.place(placement('j/m/0/0', { cpus: 1, memoryGiB: 2, command: ['sleep', '5'] }));
  n.samples();
  const samples = sent.filter(s => s.kind === 'sample');
  assert.ok(samples.every(s => s.key === 'n1'));
  assert.deepEqual(samples.map(s => [s.value.metric, s.value.source, s.value.value]), [
    ['CPU', 'REGULAR', 0.5], ['MEMORY', 'REGULAR', 0.25], ['CPU', 'EPHEMERAL', 0.25], ['MEMORY', 'EPHEMERAL', 0.25],
  ]);
  n.silence();
});

test('a placement that does not fit is REFUSED with the reason and holds nothing', () => {
  const { node: n, sent } = node({ cpus: 4, slots: 2 });
  n.heartbeat();
  // 4 - 0.4 margin = 3.6 cores free: 4 do not fit.
  n.place(placement('j/m/0/0', { cpus: 4 }));
  const refused = sent.find(s => s.kind === 'report');
  assert.equal(refused.value.state, 'REFUSED');
  assert.match(refused.value.reason, /node full: demand 4 cpus/);
  assert.equal(refused.key, 'j');
  assert.equal(n.attempts.size, 0);
});

test('a placement beyond the slots is REFUSED', () => {
  const { node: n, sent } = node({ slots: 1 });
  n.heartbeat();
  n.place(placement('j/m/0/0', { command: ['sleep', '5'] }));
  n.place(placement('j/m/1/0', { command: ['sleep', '5'] }));
  assert.deepEqual(reports(sent), ['REFUSED j/m/1/0']);
  assert.match(sent.find(s => s.kind === 'report').value.reason, /all 1 slots taken/);
  n.silence();
});

test('a placement without a command is REFUSED unless the executor has a default command', () => {
  const without = node();
  without.node.heartbeat();
  without.node.place(placement('j/m/0/0', { spec: null }));
  assert.deepEqual(reports(without.sent), ['REFUSED j/m/0/0']);
  const withDefault = node({ defaultCommand: ['sleep', '5'] });
  withDefault.node.heartbeat();
  withDefault.node.place(placement('j/m/0/0', { spec: null }));
  assert.deepEqual(reports(withDefault.sent), []);
  assert.equal(withDefault.node.attempts.size, 1);
  withDefault.node.silence();
});

test('a command that exits 0 is reported LAUNCHED then SUCCEEDED, with its start time', async () => {
  const { node: n, sent } = node();
  n.heartbeat();
  n.place(placement('j/m/0/0'));
  await until(() => reports(sent).length === 2);
  assert.deepEqual(reports(sent), ['LAUNCHED j/m/0/0', 'SUCCEEDED j/m/0/0']);
  const [launched, succeeded] = sent.filter(s => s.kind === 'report').map(s => s.value);
  assert.equal(succeeded.startTime, launched.time);
  assert.ok(succeeded.time > launched.time);
  assert.equal(n.attempts.size, 0);
});

test('a command that exits non-zero is FAILED with the exit code and the tail of its stderr', async () => {
  const { node: n, sent } = node();
  n.heartbeat();
  n.place(placement('j/m/0/0', { command: [process.execPath, '-e', 'console.error("x".repeat(600) + "disk full"); process.exit(3)'] }));
  await until(() => reports(sent).length === 2);
  const failed = sent.filter(s => s.kind === 'report')[1].value;
  assert.equal(failed.state, 'FAILED');
  assert.match(failed.reason, /^exit code 3: x+disk full$/);
  assert.ok(failed.reason.length <= 'exit code 3: '.length + 512);
});

test('a command that cannot start is FAILED with the reason', async () => {
  const { node: n, sent } = node();
  n.heartbeat();
  n.place(placement('j/m/0/0', { command: ['/no/such/program'] }));
  await until(() => reports(sent).length === 1);
  assert.deepEqual(reports(sent), ['FAILED j/m/0/0']);
  assert.match(sent.find(s => s.kind === 'report').value.reason, /could not start \/no\/such\/program: .*ENOENT/);
});

test('a QoS KILL_TASK kills the attempt and the executor reports it KILLED with the reason', async () => {
  const { node: n, sent, clock } = node();
  n.heartbeat();
  n.place(placement('j/m/0/0', { command: ['sleep', '30'] }));
  await until(() => reports(sent).length === 1);
  n.apply({ nodeId: 'n1', time: clock.now + 10, action: 'KILL_TASK', cpuLimit: null, decisionId: 'j/m/0/0', reason: 'owners need the RAM' });
  await until(() => reports(sent).length === 2);
  assert.deepEqual(reports(sent), ['LAUNCHED j/m/0/0', 'KILLED j/m/0/0']);
  assert.match(sent.filter(s => s.kind === 'report')[1].value.reason, /QoS controller: owners need the RAM/);
});

test('a QoS THROTTLE_CPU caps the attempts\' CPU use; RAISE_CPU_LIMIT lifts it', () => {
  const { node: n, sent, clock } = node({ cpus: 4 });
  n.heartbeat();
  n.place(placement('j/m/0/0', { cpus: 2, command: ['sleep', '5'] }));
  n.apply({ nodeId: 'n1', time: clock.now + 1, action: 'THROTTLE_CPU', cpuLimit: 0.6, decisionId: null, reason: 'owners' });
  n.samples();
  n.apply({ nodeId: 'n1', time: clock.now + 2, action: 'RAISE_CPU_LIMIT', cpuLimit: 3, decisionId: null, reason: 'owners' });
  n.samples();
  const cpu = sent.filter(s => s.kind === 'sample' && s.value.metric === 'CPU' && s.value.source === 'EPHEMERAL')
    .map(s => s.value.value);
  // 0.6 of 4 cores under the throttle; the 2 cores held once the limit (3) is above them.
  assert.deepEqual(cpu, [0.15, 0.5]);
  n.silence();
});

test('a placement read twice runs once; one decided before this run\'s first heartbeat is skipped', () => {
  const { node: n, sent, clock } = node();
  n.place(placement('old/m/0/0', { epoch: clock.now - 1, command: ['sleep', '5'] }));
  n.heartbeat();
  n.place(placement('old/m/0/0', { epoch: clock.now - 1, command: ['sleep', '5'] }));
  n.place(placement('j/m/0/0', { epoch: clock.now, command: ['sleep', '5'] }));
  n.place(placement('j/m/0/0', { epoch: clock.now, command: ['sleep', '5'] }));
  assert.deepEqual([...n.attempts.keys()], ['j/m/0/0']);
  assert.deepEqual(reports(sent), []);
  n.silence();
});

test('a silenced node sends nothing more and stops its processes', async () => {
  const { node: n, sent } = node();
  n.heartbeat();
  n.place(placement('j/m/0/0', { command: ['sleep', '30'] }));
  await until(() => reports(sent).length === 1);
  const child = n.attempts.get('j/m/0/0').child;
  const before = sent.length;
  n.silence();
  n.heartbeat();
  n.samples();
  await until(() => child.exitCode !== null || child.signalCode !== null);
  assert.equal(sent.length, before);
});
