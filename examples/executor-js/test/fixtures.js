'use strict';
// Nodes and placements for the tests, read as the scenario: node({cpus: 4, slots: 2}), placement('j/m/0/0').
const childProcess = require('node:child_process');
const { SimulatedNode } = require('../src/node');

const GiB = 1024 * 1024 * 1024;

/** A node whose records land in `sent` ({kind, key, value}); the clock is the test's to move. */
function node({ cpus = 4, memoryGiB = 8, slots = 2, margin = 0.1, ownerCpu = 0, ownerMemory = 0, defaultCommand = null } = {}) {
  const sent = [];
  const clock = { now: 1_000_000 };
  const n = new SimulatedNode(
    { nodeId: 'n1', rack: 'default-rack', labels: [], cpus, memoryBytes: memoryGiB * GiB, slots, speedGflops: 8 },
    { safetyMargin: { cpu: margin, ram: margin }, ownerCpu, ownerMemory, defaultCommand },
    { send: (kind, key, value) => sent.push({ kind, key, value }), spawn: childProcess.spawn, clock: () => clock.now });
  return { node: n, sent, clock };
}

/** A placement for n1, decided at `epoch`, running `command` (a node -e script by default, which exits 0). */
function placement(decisionId, { cpus = 1, memoryGiB = 1, epoch = 1_000_000, command = [process.execPath, '-e', ''], spec } = {}) {
  const [jobId, k, taskIndex, attempt] = decisionId.split('/');
  return {
    decisionId, epoch, jobId, kind: k === 'm' ? 'MAP' : 'REDUCE', taskIndex: Number(taskIndex), attempt: Number(attempt),
    nodeId: 'n1', notBefore: epoch, policy: 'fifo', inputBytes: 1000, flopPerByte: 3100,
    demand: { cpus, memoryBytes: memoryGiB * GiB }, chunk: null, chunkMoves: [],
    spec: spec === undefined ? { command, image: null, env: {}, inputLocation: null, outputLocation: null } : spec,
    mapOutputs: [], mapOutputLocation: null,
  };
}

/** The reports sent so far, as "state decisionId". */
function reports(sent) {
  return sent.filter(s => s.kind === 'report').map(s => `${s.value.state} ${s.value.decisionId}`);
}

/** Resolves once `predicate()` holds, polling every 10 ms; rejects after `ms`. */
function until(predicate, ms = 5000) {
  return new Promise((resolve, reject) => {
    const start = Date.now();
    const poll = () => {
      if (predicate()) {
        resolve();
      } else if (Date.now() - start > ms) {
        reject(new Error(`not within ${ms} ms: ${predicate}`));
      } else {
        setTimeout(poll, 10);
      }
    };
    poll();
  });
}

module.exports = { node, placement, reports, until, GiB };
