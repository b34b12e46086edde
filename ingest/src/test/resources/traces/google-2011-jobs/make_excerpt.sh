#!/usr/bin/env bash
# Cuts the bundled Google 2011 job excerpt from one part of clusterdata-2011-2 task_events.
# Keeps every line, unchanged and in the file's order, of the jobs whose first SUBMIT is after trace time 0 (the
# trace's opening snapshot) and every task of which has a FINISH in the part: a superset of the jobs that
# io.gleaner.simulator.suite.GoogleJobs keeps, so the loader reads the same jobs from the excerpt as from the part.
# Usage: make_excerpt.sh <task_events part .csv.gz> <output directory>
set -euo pipefail
part=$1
out=$2
keep=$(mktemp)
trap 'rm -f "$keep"' EXIT
zcat "$part" | awk -F, '
    $6 == 0 { if (!($3 in first)) first[$3] = $1; task[$3 "," $4] = 1 }
    $6 == 4 { done[$3 "," $4] = 1 }
    END {
        for (t in task) { split(t, k, ","); if (!(t in done)) open[k[1]] = 1 }
        for (j in first) if (first[j] > 0 && !(j in open)) print j
    }' > "$keep"
zcat "$part" | awk -F, 'NR == FNR { keep[$1] = 1; next } ($3 in keep)' "$keep" - \
    | gzip -n -9 > "$out/task_events-part-00000-excerpt.csv.gz"
