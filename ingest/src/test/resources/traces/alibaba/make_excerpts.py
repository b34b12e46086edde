"""Writes the synthetic batch_task.csv and batch_instance.csv beside this file (see README-batch.md).

Deterministic: seeded; run with python3 from this directory to regenerate the same bytes.
"""
import base64
import random

rng = random.Random(2018)
TRACE_SECONDS = 8 * 24 * 3600
tasks = []
instances = []
instance_no = 74_900_000


def independent_name():
    digits = str(rng.randrange(10**18, 10**19))
    return "task_" + base64.b64encode(digits.encode()).decode()


def dag(n):
    """Task names of a DAG of n tasks: each task waits for 0-2 earlier ones."""
    names = []
    for i in range(1, n + 1):
        deps = sorted(rng.sample(range(1, i), min(i - 1, rng.choice([0, 1, 1, 2])))) if i > 1 else []
        letter = "M" if not deps else rng.choice(["R", "R", "M", "J"])
        names.append((i, letter + str(i) + "".join("_" + str(d) for d in deps), deps))
    return names


for j in range(70):
    job = "j_" + str(1_000_000 + j * 17 + rng.randrange(17))
    begin = rng.randrange(0, TRACE_SECONDS - 20_000)
    ends = {}
    job_tasks = [(1, independent_name(), [])] if rng.random() < 0.2 else dag(rng.randrange(1, 5))
    for number, name, deps in job_tasks:
        start = max([begin] + [ends[d] for d in deps]) + rng.randrange(0, 5)
        end = start + rng.choice([0, 1, 3, 10, 30, 60, 120, 600])
        ends[number] = end
        status = rng.choices(["Terminated", "Failed", "Running", "Waiting"], [85, 7, 4, 4])[0]
        count = rng.choice([1, 1, 2, 3, 4, 6, 10])
        plan_cpu = rng.choice([50, 100, 100, 200, 400])
        plan_mem = rng.choice([0.2, 0.29, 0.39, 0.59, 1.18])
        task_type = rng.randrange(1, 13)
        row_start, row_end = start, end
        if status == "Running":
            row_end = 0
        if status == "Waiting":
            row_start, row_end = 0, 0
        tasks.append(f"{name},{count},{job},{task_type},{status},{row_start},{row_end},{plan_cpu:.1f},{plan_mem}")
        for _ in range(count):
            instance_no += rng.randrange(1, 4)
            machine = "m_" + str(rng.randrange(1, 4035))
            if status == "Waiting":
                instances.append(f"ins_{instance_no},{name},{job},{task_type},Waiting,0,0,,1,1,,,,")
                continue
            runs = [rng.choices(["Terminated", "Failed", "Interrupted", "Cancelled"], [90, 5, 3, 2])[0]]
            if status == "Failed" and rng.random() < 0.5:
                runs = ["Failed"]
            if status == "Running":
                runs = [rng.choice(["Running", "Terminated"])]
            if runs[0] == "Failed" and status != "Failed":
                runs.append("Terminated")
            at = start
            for seq, run in enumerate(runs, 1):
                length = max(0, end - start - rng.randrange(0, 3))
                cpu_avg = round(plan_cpu * rng.uniform(0.3, 1.0), 2)
                cpu_max = round(min(plan_cpu * 1.5, cpu_avg * rng.uniform(1.0, 1.6)), 2)
                mem_avg = round(plan_mem * rng.uniform(0.5, 1.0), 2)
                mem_max = round(min(100.0, mem_avg * rng.uniform(1.0, 1.3)), 2)
                run_end = 0 if run == "Running" else at + length
                instances.append(f"ins_{instance_no},{name},{job},{task_type},{run},{at},{run_end},{machine},"
                                 f"{seq},{len(runs)},{cpu_avg},{cpu_max},{mem_avg},{mem_max}")
                at = at + length + rng.randrange(1, 5)
                machine = "m_" + str(rng.randrange(1, 4035))

# The published files are in no time order: shuffle in blocks, as if written by several workers.
def blocks(rows, size):
    chunks = [rows[i:i + size] for i in range(0, len(rows), size)]
    rng.shuffle(chunks)
    return [row for chunk in chunks for row in chunk]

with open("batch_task.csv", "w") as out:
    out.write("\n".join(blocks(tasks, 7)) + "\n")
with open("batch_instance.csv", "w") as out:
    out.write("\n".join(blocks(instances, 11)) + "\n")
