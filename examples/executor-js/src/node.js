'use strict';
// One simulated node: what it has, what its attempts hold, and what it tells Gleaner. It knows nothing of Kafka:
// it hands each record to `send(kind, key, value)` (kind: heartbeat, sample or report) and starts processes with
// `spawn(command, args, options)` (node:child_process's, or a fake in the tests).
const MiB = 1024 * 1024;

/** How many bytes of a failed attempt's stderr its FAILED report carries in `reason`. */
const STDERR_TAIL_BYTES = 512;

class SimulatedNode {
  /**
   * @param spec {nodeId, rack, cpus, memoryBytes, slots, speedGflops, labels}
   * @param settings {safetyMargin: {cpu, ram} fractions of capacity Gleaner's QoS controller keeps from tasks
   *        (its --qos-safety-margin-cpu and --qos-safety-margin-memory, 0.10 by default), ownerCpu and ownerMemory:
   *        the owners' use as a fraction of capacity (this example's owners are constant)}
   * @param clock () => epoch milliseconds (wall time; event time is made strictly increasing per node here)
   */
  constructor(spec, settings, { send, spawn, clock }) {
    this.spec = spec;
    this.settings = settings;
    this.send = send;
    this.spawn = spawn;
    this.clock = clock;
    this.lastTime = 0;
    this.attempts = new Map(); // decision id -> {placement, holds, child, startTime, stderr, killReason}
    this.seen = new Set(); // decision ids taken or refused, so a placement read twice runs once
    this.cpuLimit = Infinity;
    this.silenced = false;
    this.incarnation = null; // time of this run's first heartbeat
  }

  /**
   * Event time for the next record: wall time, but always after the node's previous record. The planner drops a
   * heartbeat whose time is not after the node's previous one, so two in the same millisecond must not share it.
   */
  now() {
    this.lastTime = Math.max(this.clock(), this.lastTime + 1);
    return this.lastTime;
  }

  /** What the attempts hold together. */
  held() {
    let cpus = 0;
    let memoryBytes = 0;
    for (const a of this.attempts.values()) {
      cpus += a.placement.demand.cpus;
      memoryBytes += a.placement.demand.memoryBytes;
    }
    return { cpus, memoryBytes };
  }

  /**
   * What the node offers Gleaner: capacity less the owners' use, less the QoS safety margin, less what the
   * attempts hold (Salamander Eq. 1 with the owners' current use; the simulator's NodeRuntime.free()). Offering
   * the margin too would have the QoS controller throttle or kill what the planner just placed.
   */
  free() {
    const { cpus, memoryBytes } = this.spec;
    const held = this.held();
    const { safetyMargin, ownerCpu, ownerMemory } = this.settings;
    return {
      cpus: Math.max(0, cpus - ownerCpu * cpus - safetyMargin.cpu * cpus - held.cpus),
      memoryBytes: Math.max(0, Math.floor(memoryBytes - ownerMemory * memoryBytes
        - safetyMargin.ram * memoryBytes - held.memoryBytes)),
    };
  }

  heartbeat() {
    if (this.silenced) {
      return;
    }
    const { nodeId, rack, labels, cpus, memoryBytes, speedGflops, slots } = this.spec;
    const time = this.now();
    if (this.incarnation === null) {
      this.incarnation = time;
    }
    this.send('heartbeat', nodeId, {
      nodeId, time, rack, labels, capacity: { cpus, memoryBytes }, speedGflops, slots,
      free: this.free(), freeSlots: slots - this.attempts.size,
      // Every attempt the node holds, launched or not: the planner keeps what it placed reserved until a heartbeat
      // lists it, and counts it held from then on through `free`.
      runningAttempts: [...this.attempts.keys()].sort(),
    });
  }

  /**
   * Utilization samples, CPU and MEMORY as fractions of capacity: REGULAR (the owners) for the forecaster and the
   * QoS controller, EPHEMERAL (Gleaner's attempts) for the QoS controller. The attempts' CPU is what they may use:
   * the cores they hold, or the QoS CPU limit when lower, as a cgroup quota would cap it.
   */
  samples() {
    if (this.silenced) {
      return;
    }
    const time = this.now();
    const held = this.held();
    const { nodeId, cpus, memoryBytes } = this.spec;
    const values = [
      ['CPU', 'REGULAR', this.settings.ownerCpu],
      ['MEMORY', 'REGULAR', this.settings.ownerMemory],
      ['CPU', 'EPHEMERAL', Math.min(held.cpus, this.cpuLimit) / cpus],
      ['MEMORY', 'EPHEMERAL', held.memoryBytes / memoryBytes],
    ];
    for (const [metric, source, value] of values) {
      this.send('sample', nodeId, { nodeId, time, metric, source, value: Math.min(1, Math.max(0, value)) });
    }
  }

  /** Takes a placement for this node: refuses it, or holds its demand and starts its command at notBefore. */
  place(placement) {
    if (this.silenced || this.seen.has(placement.decisionId)) {
      return;
    }
    if (this.incarnation === null || placement.epoch < this.incarnation) {
      // Decided at a heartbeat of an earlier run of this node id (the topic is read from the start on a new
      // group): those attempts were relaunched or belong to a node that no longer exists.
      return;
    }
    this.seen.add(placement.decisionId);
    const refusal = this.refusal(placement);
    if (refusal) {
      this.report(placement, 'REFUSED', { reason: refusal });
      return;
    }
    const attempt = { placement, child: null, startTime: null, stderr: '', killReason: null, timer: null };
    this.attempts.set(placement.decisionId, attempt);
    const wait = Math.max(0, placement.notBefore - this.clock());
    attempt.timer = setTimeout(() => this.launch(attempt), wait);
  }

  /** Why this node will not run `placement`, or null. */
  refusal(placement) {
    const spec = this.specOf(placement);
    if (!spec || !spec.command || spec.command.length === 0) {
      return spec && spec.image
        ? `this executor runs processes, not images (${spec.image})`
        : 'the placement has no task spec with a command';
    }
    if (this.attempts.size >= this.spec.slots) {
      return `node full: all ${this.spec.slots} slots taken`;
    }
    const free = this.free();
    const { cpus, memoryBytes } = placement.demand;
    if (cpus > free.cpus + 1e-9 || memoryBytes > free.memoryBytes) {
      return `node full: demand ${cpus} cpus, ${Math.round(memoryBytes / MiB)} MiB; free ${free.cpus.toFixed(2)} cpus, `
        + `${Math.round(free.memoryBytes / MiB)} MiB`;
    }
    return null;
  }

  /**
   * The placement's task spec; for a job that gave none (a replayed trace, say), the executor's own default
   * command when it has one (settings.defaultCommand), as the schema's "null when the executor knows" allows.
   */
  specOf(placement) {
    if (placement.spec || !this.settings.defaultCommand) {
      return placement.spec;
    }
    return { command: this.settings.defaultCommand, image: null, env: {}, inputLocation: null, outputLocation: null };
  }

  launch(attempt) {
    if (this.silenced) {
      return;
    }
    const p = attempt.placement;
    const spec = this.specOf(p);
    const [program, ...args] = spec.command;
    const env = {
      PATH: process.env.PATH,
      ...spec.env,
      GLEANER_DECISION_ID: p.decisionId,
      GLEANER_INPUT: spec.inputLocation || '',
      GLEANER_OUTPUT: spec.outputLocation || '',
      GLEANER_MAP_OUTPUTS: JSON.stringify(p.mapOutputs || []),
      GLEANER_MAP_OUTPUT_LOCATION: p.mapOutputLocation || '',
    };
    // No shell: the command is a program and its arguments, as TaskSpec says.
    const child = this.spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    attempt.child = child;
    child.stderr.on('data', chunk => {
      attempt.stderr = (attempt.stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    child.on('spawn', () => {
      attempt.startTime = this.now();
      this.report(p, 'LAUNCHED', { time: attempt.startTime });
    });
    child.on('error', error => this.end(attempt, 'FAILED', `could not start ${program}: ${error.message}`));
    child.on('close', (code, signal) => {
      if (attempt.killReason) {
        this.end(attempt, 'KILLED', attempt.killReason);
      } else if (code === 0) {
        this.end(attempt, 'SUCCEEDED', null);
      } else {
        const how = code === null ? `signal ${signal}` : `exit code ${code}`;
        const tail = attempt.stderr.trim();
        this.end(attempt, 'FAILED', tail ? `${how}: ${tail}` : how);
      }
    });
  }

  end(attempt, state, reason) {
    const p = attempt.placement;
    if (this.silenced || this.attempts.get(p.decisionId) !== attempt) {
      return;
    }
    this.attempts.delete(p.decisionId);
    this.report(p, state, { reason, startTime: attempt.startTime });
  }

  /** Applies a QoS action addressed to this node. */
  apply(action) {
    if (this.silenced || this.incarnation === null || action.time < this.incarnation) {
      return;
    }
    switch (action.action) {
      case 'THROTTLE_CPU':
      case 'RAISE_CPU_LIMIT':
        // A real node sets a cgroup CPU quota on its tasks (cpu.max = limit × period); this example has no
        // cgroup of its own, so it keeps the limit and reports the tasks' CPU use at most at it.
        this.cpuLimit = action.cpuLimit === null ? Infinity : action.cpuLimit;
        break;
      case 'KILL_TASK':
        this.kill(action.decisionId, `killed by the QoS controller: ${action.reason}`);
        break;
      default:
        // An action this executor does not know (added to the enum later reads as UNKNOWN): skip it.
        break;
    }
  }

  /** Kills an attempt; it is reported KILLED with `reason` once its process has ended. */
  kill(decisionId, reason) {
    const attempt = this.attempts.get(decisionId);
    if (!attempt) {
      return false;
    }
    attempt.killReason = reason;
    if (attempt.child) {
      attempt.child.kill('SIGKILL');
    } else {
      clearTimeout(attempt.timer);
      this.end(attempt, 'KILLED', reason);
    }
    return true;
  }

  /**
   * Silence: the node stops as if cut off or crashed. It sends nothing more (no heartbeat, sample or report) and its
   * processes are stopped. Gleaner finds the node lost after its node timeout and runs the attempts elsewhere.
   */
  silence() {
    this.silenced = true;
    for (const attempt of this.attempts.values()) {
      clearTimeout(attempt.timer);
      if (attempt.child) {
        attempt.child.kill('SIGKILL');
      }
    }
  }

  report(p, state, { time = this.now(), startTime = null, reason = null } = {}) {
    this.send('report', p.jobId, {
      decisionId: p.decisionId, jobId: p.jobId, kind: p.kind, taskIndex: p.taskIndex, attempt: p.attempt,
      nodeId: this.spec.nodeId, state, time,
      startTime: state === 'LAUNCHED' || state === 'REFUSED' ? null : startTime,
      // This example reads no chunk: the command does. Chunk moves are the executor's to make before launch
      // (see docs/executor-protocol.md); a map that read its chunk remotely says local=false.
      local: true,
      inputBytes: state === 'SUCCEEDED' ? p.inputBytes : 0,
      cpuSeconds: 0,
      memoryBytes: state === 'LAUNCHED' || state === 'REFUSED' ? 0 : p.demand.memoryBytes,
      reason,
    });
  }
}

module.exports = { SimulatedNode, STDERR_TAIL_BYTES };
