'use strict';
// The executor: K simulated nodes in one process, on stock kafkajs and @kafkajs/confluent-schema-registry.
//
//   node src/executor.js --bootstrap-servers HOST:PORT --schema-registry-url URL --nodes 3
//
// Each node heartbeats and samples every --heartbeat-period-ms, takes its placements and runs each one's command.
// --silence-node ID silences that node right after it launches its first attempt (the test of node loss).
const childProcess = require('node:child_process');
const { Kafka, logLevel, AssignerProtocol, Partitioners } = require('kafkajs');
const options = require('./options');
const { topics: catalogue, partitionOf } = require('./topics');
const { Codec } = require('./schemas');
const { SimulatedNode } = require('./node');

const GiB = 1024 * 1024 * 1024;

/**
 * A kafkajs partition assigner that gives this process's consumer the partitions its nodes hash to, on each topic
 * keyed by node id (placements, qos.actions), and nothing else: kafkajs has no assign(), so a group of one member
 * with this assigner reads exactly what Java's consumer.assign(partitionsOf(myNodes)) would. Each executor process
 * needs a group id of its own (--group-id).
 */
function ownPartitionsAssigner(nodeIds, partitionsByTopic) {
  return () => ({
    name: 'GleanerOwnNodes',
    version: 1,
    async assign({ members, topics }) {
      const assignment = {};
      for (const topic of topics) {
        const partitions = partitionsByTopic[topic];
        assignment[topic] = [...new Set(nodeIds.map(id => partitionOf(id, partitions)))].sort((a, b) => a - b);
      }
      // One member per group is the rule; a second one (the same group id used twice) is given nothing.
      return members.map((member, i) => ({
        memberId: member.memberId,
        memberAssignment: AssignerProtocol.MemberAssignment.encode({
          version: 1, assignment: i === 0 ? assignment : {}, userData: Buffer.alloc(0),
        }),
      }));
    },
    protocol({ topics }) {
      return { name: 'GleanerOwnNodes', metadata: AssignerProtocol.MemberMetadata.encode({ version: 1, topics, userData: Buffer.alloc(0) }) };
    },
  });
}

function nodeSpecs(o) {
  const count = options.number(o, 'nodes');
  return Array.from({ length: count }, (_, i) => ({
    nodeId: `${o['node-prefix']}${i + 1}`,
    rack: 'default-rack',
    labels: [],
    cpus: options.number(o, 'cpus'),
    memoryBytes: Math.round(options.number(o, 'memory-gib') * GiB),
    slots: options.number(o, 'slots'),
    speedGflops: options.number(o, 'speed-gflops'),
  }));
}

async function main(argv) {
  const o = options.parse(argv, {
    nodes: '3', 'node-prefix': 'n', cpus: '4', 'memory-gib': '8', slots: '2', 'speed-gflops': '8',
    'heartbeat-period-ms': '1000', 'qos-safety-margin-cpu': '0.10', 'qos-safety-margin-memory': '0.10',
    'owner-cpu': '0', 'owner-memory': '0', 'group-id': '', 'silence-node': '', 'default-command': '',
  });
  const topics = catalogue(o['topic-prefix']);
  const specs = nodeSpecs(o);
  const nodeIds = specs.map(s => s.nodeId);
  const kafka = new Kafka({
    clientId: 'gleaner-executor-js', brokers: o['bootstrap-servers'].split(','), logLevel: logLevel.WARN,
  });
  const codec = new Codec(o['schema-registry-url'], o['schemas-dir']);
  await codec.register(topics.nodesHeartbeats.name, 'NodeHeartbeat');
  await codec.register(topics.nodesUtilization.name, 'UtilizationSample');
  await codec.register(topics.tasksReports.name, 'TaskReport');

  // Idempotent, one request in flight: a node's records reach Kafka in the order it sent them, without
  // duplicates after a retry (a LAUNCHED never lands after its SUCCEEDED).
  const producer = kafka.producer({
    idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  let sending = Promise.resolve();
  const topicOf = { heartbeat: topics.nodesHeartbeats.name, sample: topics.nodesUtilization.name, report: topics.tasksReports.name };
  const send = (kind, key, value) => {
    sending = sending.then(async () => {
      const topic = topicOf[kind];
      // The record timestamp is the event time too, so tools that read timestamps agree with the stages.
      const message = { key, value: await codec.encode(topic, value), timestamp: String(value.time) };
      await producer.send({ topic, messages: [message] });
      if (kind === 'report') {
        log({ report: value.state, decisionId: value.decisionId, nodeId: value.nodeId, reason: value.reason });
      }
    }).catch(error => {
      log({ error: `could not send a ${kind} of ${key}: ${error.message}` });
      process.exitCode = 1;
    });
  };

  const settings = {
    safetyMargin: {
      cpu: options.number(o, 'qos-safety-margin-cpu'),
      ram: options.number(o, 'qos-safety-margin-memory'),
    },
    ownerCpu: options.number(o, 'owner-cpu'), ownerMemory: options.number(o, 'owner-memory'),
    // A JSON array, e.g. '["sleep","1"]': what to run for a placement without a task spec (default: refuse it).
    defaultCommand: o['default-command'] ? JSON.parse(o['default-command']) : null,
  };
  const silenceNode = o['silence-node'];
  const nodes = new Map();
  for (const spec of specs) {
    const nodeSend = (kind, key, value) => {
      send(kind, key, value);
      if (spec.nodeId === silenceNode && kind === 'report' && value.state === 'LAUNCHED') {
        const node = nodes.get(spec.nodeId);
        node.silence();
        log({ silenced: spec.nodeId, holding: [...node.attempts.keys()].sort() });
      }
    };
    nodes.set(spec.nodeId, new SimulatedNode(spec, settings, { send: nodeSend, spawn: childProcess.spawn, clock: Date.now }));
  }

  const groupId = o['group-id'] || `gleaner-executor-js-${o['topic-prefix']}${nodeIds.join(',')}`;
  const consumer = kafka.consumer({
    groupId,
    // Only committed placements: the planner writes them in exactly-once transactions, and a placement of an
    // aborted transaction was never decided.
    readUncommitted: false,
    partitionAssigners: [ownPartitionsAssigner(nodeIds, {
      [topics.placements.name]: topics.placements.partitions,
      [topics.qosActions.name]: topics.qosActions.partitions,
    })],
  });
  await consumer.connect();
  const joined = new Promise(resolve => consumer.on(consumer.events.GROUP_JOIN, resolve));
  await consumer.subscribe({ topics: [topics.placements.name, topics.qosActions.name], fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ topic, message }) => {
      // A partition holds the records of every node id that hashes to it: keep only this process's nodes.
      const node = nodes.get(message.key && message.key.toString());
      if (!node) {
        return;
      }
      let value;
      try {
        value = await codec.decode(message.value);
      } catch (error) {
        // A record this executor cannot read is skipped, not retried forever; the stages dead-letter such input.
        log({ skipped: `${topic} offset ${message.offset}`, reason: error.message });
        return;
      }
      if (topic === topics.placements.name) {
        node.place(value);
      } else {
        node.apply(value);
      }
    },
  });
  await joined;

  const period = options.number(o, 'heartbeat-period-ms');
  const tick = () => nodes.forEach(node => {
    node.heartbeat();
    node.samples();
  });
  tick();
  const timer = setInterval(tick, period);
  log({ running: nodeIds, partitions: Object.fromEntries(nodeIds.map(id => [id, partitionOf(id, topics.placements.partitions)])), groupId });

  const stop = async () => {
    clearInterval(timer);
    nodes.forEach(node => node.silence());
    await consumer.disconnect();
    await sending;
    await producer.disconnect();
    process.exit();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** One JSON line per event on stdout, for people and for the test that reads it. */
function log(event) {
  console.log(JSON.stringify({ time: new Date().toISOString(), ...event }));
}

main(process.argv.slice(2)).catch(error => {
  console.error(`executor: ${error.stack || error}`);
  process.exit(1);
});
