'use strict';
// Submits jobs with task specs to jobs.submitted and follows jobs.events until each has ended.
//
//   node src/submit.js --jobs jobs/example.json [--job-id-prefix run1-] [--timeout-seconds 120]
//
// The file holds a JSON array of jobs in JobSubmitted's shape (schemas/src/main/avro/JobSubmitted.avsc); fields
// with defaults may be left out, and submitTime defaults to now. Prints each job event as a JSON line; exits 0 when
// every job SUCCEEDED, 1 when one FAILED or was REJECTED, 2 when the timeout passed first.
const fs = require('node:fs');
const { Kafka, logLevel, Partitioners } = require('kafkajs');
const options = require('./options');
const { topics: catalogue } = require('./topics');
const { Codec } = require('./schemas');

const ENDS = new Set(['SUCCEEDED', 'FAILED', 'REJECTED']);

/** A job of the file with its defaults filled in, ready for the JobSubmitted schema. */
function jobSubmitted(job, prefix, now) {
  return {
    user: 'default', queue: 'default', priority: 0, deadline: null, shuffleBytes: 0, outputBytes: 0,
    ...job,
    jobId: prefix + job.jobId,
    submitTime: job.submitTime || now,
    tasks: job.tasks.map(group => ({
      dataset: null, firstChunk: 0, layout: null, lastTaskBytes: group.bytesPerTask, ...group,
      spec: group.spec ? { image: null, env: {}, inputLocation: null, outputLocation: null, ...group.spec } : null,
    })),
  };
}

async function main(argv) {
  const o = options.parse(argv, { jobs: '', 'job-id-prefix': '', 'timeout-seconds': '120' });
  if (!o.jobs) {
    throw new Error('--jobs FILE is required');
  }
  const topics = catalogue(o['topic-prefix']);
  const kafka = new Kafka({ clientId: 'gleaner-submit-js', brokers: o['bootstrap-servers'].split(','), logLevel: logLevel.WARN });
  const codec = new Codec(o['schema-registry-url'], o['schemas-dir']);
  await codec.register(topics.jobsSubmitted.name, 'JobSubmitted');

  const now = Date.now();
  const jobs = JSON.parse(fs.readFileSync(o.jobs, 'utf8')).map(job => jobSubmitted(job, o['job-id-prefix'], now));
  const pending = new Set(jobs.map(j => j.jobId));
  let failed = false;

  // Follow jobs.events from the start (a fresh group each time), so no event sent before the consumer joined is
  // missed; events of other jobs are skipped.
  const consumer = kafka.consumer({ groupId: `gleaner-submit-js-${process.pid}-${now}` });
  await consumer.connect();
  await consumer.subscribe({ topic: topics.jobsEvents.name, fromBeginning: true });
  const done = new Promise(resolve => {
    consumer.run({
      eachMessage: async ({ message }) => {
        const jobId = message.key.toString();
        if (!pending.has(jobId)) {
          return;
        }
        const event = await codec.decode(message.value);
        console.log(JSON.stringify({ event: event.type, jobId, reason: event.reason, succeededTasks: event.succeededTasks, tasks: event.tasks }));
        if (ENDS.has(event.type)) {
          pending.delete(jobId);
          failed = failed || event.type !== 'SUCCEEDED';
          if (pending.size === 0) {
            resolve();
          }
        }
      },
    });
  });

  const producer = kafka.producer({
    idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  const messages = [];
  for (const job of jobs) {
    messages.push({ key: job.jobId, value: await codec.encode(topics.jobsSubmitted.name, job), timestamp: String(job.submitTime) });
  }
  await producer.send({ topic: topics.jobsSubmitted.name, messages });
  await producer.disconnect();
  console.log(JSON.stringify({ submitted: jobs.map(j => j.jobId) }));

  const timeout = new Promise(resolve => setTimeout(resolve, options.number(o, 'timeout-seconds') * 1000, 'timeout'));
  const outcome = await Promise.race([done, timeout]);
  await consumer.disconnect();
  if (outcome === 'timeout') {
    console.log(JSON.stringify({ timeout: true, pending: [...pending] }));
    return 2;
  }
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then(code => process.exit(code), error => {
  console.error(`submit: ${error.stack || error}`);
  process.exit(1);
});
