"""Writes the synthetic machine_events.csv and task_usage.csv beside this file (see README.md), for the
machines and tasks of the real task_events excerpt. Seeded and deterministic: run with python3 here."""
import base64
import hashlib
import random

rng = random.Random(2011)
events = [line.rstrip("\n").split(",") for line in open("task_events-part-00000-excerpt.csv")]
END_OF_EXCERPT = int(events[-1][0])
WINDOW = 300_000_000

machines = sorted({int(e[4]) for e in events if e[4]})
platforms = [base64.b64encode(hashlib.sha256(f"synthetic-platform-{i}".encode()).digest()).decode()
             for i in range(3)]

# Running intervals: from a SCHEDULE to the task's next end event, or to the end of the excerpt.
intervals = []
running = {}
requests = {}
for e in events:
    key = (e[2], e[3])
    kind = int(e[5])
    if e[9]:
        requests[key] = (float(e[9]), float(e[10]))
    if kind == 1:
        running[key] = (int(e[0]), int(e[4]))
    elif 2 <= kind <= 6 and key in running:
        start, machine = running.pop(key)
        intervals.append((start, int(e[0]), machine, key))
for key, (start, machine) in running.items():
    intervals.append((start, END_OF_EXCERPT, machine, key))

usage = []
for start, end, machine, key in intervals:
    cpu_request, memory_request = requests.get(key, (0.0625, 0.05))
    window = start - start % WINDOW
    periods = 0
    while window < end and periods < 3:
        period_start, period_end = max(start, window), min(end, window + WINDOW)
        if period_end > period_start:
            cpu = round(cpu_request * rng.uniform(0.2, 0.9), 5)
            memory = round(memory_request * rng.uniform(0.5, 0.95), 5)
            usage.append([period_start, period_end, int(key[0]), int(key[1]), machine, cpu, memory,
                          round(memory * 1.1, 5), round(memory * 0.01, 6), round(memory * 0.05, 6),
                          round(memory * 1.2, 5), round(rng.uniform(0, 0.002), 6), round(rng.uniform(0, 0.0004), 7),
                          round(cpu * rng.uniform(1.0, 3.0), 5), round(rng.uniform(0, 0.01), 6),
                          round(rng.uniform(0.8, 3.5), 4), round(rng.uniform(0.002, 0.01), 5), 1, 0,
                          round(cpu * rng.uniform(0.5, 1.5), 5)])
            periods += 1
        window += WINDOW
usage.sort(key=lambda row: (row[0], row[2], row[3]))

# The machine with the most usage rows gets its CPU doubled half-way through them (an UPDATE);
# another machine, with no usage after it, is removed and added back; one ADD lacks its capacity.
counts = {}
for row in usage:
    counts[row[4]] = counts.get(row[4], 0) + 1
busiest = max(sorted(counts), key=lambda m: counts[m])
busiest_rows = [row for row in usage if row[4] == busiest]
update_at = busiest_rows[len(busiest_rows) // 2][0]
last_use = {}
for row in usage:
    last_use[row[4]] = max(last_use.get(row[4], 0), row[1])
removed = next(m for m in machines if m not in last_use)

machine_rows = []
for m in machines:
    cpu = rng.choice([0.25, 0.5, 0.5, 0.5, 1.0]) if m != busiest else 0.5
    memory = rng.choice([0.2493, 0.4995, 0.4995, 0.749, 1.0])
    machine_rows.append([0, m, 0, platforms[rng.randrange(3)], cpu, memory])
machine_rows.append([update_at - 1_000_000, busiest, 2, platforms[0], 1.0, 0.9678])
machine_rows.append([1_800_000_000, removed, 1, "", "", ""])
machine_rows.append([3_600_000_000, removed, 0, platforms[1], 0.5, 0.4995])
machine_rows.append([2_400_000_000, 999_999_999, 0, platforms[2], "", ""])
machine_rows.sort(key=lambda row: (row[0], row[1]))

with open("machine_events.csv", "w") as out:
    out.writelines(",".join(str(x) for x in row) + "\n" for row in machine_rows)
with open("task_usage.csv", "w") as out:
    out.writelines(",".join(str(x) for x in row) + "\n" for row in usage)
print(len(machine_rows), "machine events;", len(usage), "usage rows; busiest", busiest, "updated at", update_at,
      "; removed", removed)
