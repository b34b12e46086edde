#!/usr/bin/env bash
# Writes the owner-load excerpt of the Bitbrains GWA-T-12 Rnd 2013-8 trace that Gleaner bundles under
# ingest/src/main/resources/traces/bitbrains-owners/ (see ATTRIBUTION.md there).
#
# For every <vm>.csv.gz of the source folder that has rows in the window: the header line and every row whose
# timestamp (field 1, Unix seconds) is before START + DAYS * 86400, copied byte for byte, recompressed with
# `gzip -n -9` (no name, no time stamp, so the output is the same on every run). Also writes vms.txt, the VM
# ids in numeric order, one a line: the class path cannot be listed from a jar, so readers use it.
#
# Usage (from the repository root):
#   ingest/src/test/resources/traces/bitbrains-owners/make_excerpt.sh \
#       /work/shared/data/bitbrains-rnd/2013-8 ingest/src/main/resources/traces/bitbrains-owners
set -euo pipefail

SOURCE=${1:?source folder of <vm>.csv.gz files}
TARGET=${2:?target folder}
START=${START:-1375308176}   # first timestamp of the Rnd 2013-8 trace, 2013-07-31T22:02:56Z
DAYS=${DAYS:-7}
END=$((START + DAYS * 86400))

mkdir -p "$TARGET"
: > "$TARGET/vms.txt.tmp"
for file in "$SOURCE"/*.csv.gz; do
    vm=$(basename "$file" .csv.gz)
    rows=$(gzip -dc "$file" | awk -F';' -v end="$END" 'NR > 1 && $1 + 0 < end { n++ } END { print n + 0 }')
    if [ "$rows" -eq 0 ]; then
        echo "skipping VM $vm: no row before $END" >&2
        continue
    fi
    gzip -dc "$file" | awk -F';' -v end="$END" 'NR == 1 || $1 + 0 < end' | gzip -n -9 > "$TARGET/$vm.csv.gz"
    echo "$vm" >> "$TARGET/vms.txt.tmp"
done
sort -n "$TARGET/vms.txt.tmp" > "$TARGET/vms.txt"
rm "$TARGET/vms.txt.tmp"
cp "$SOURCE/../LICENSE-repo-BSD-2" "$TARGET/LICENSE-repo-BSD-2"
echo "wrote $(wc -l < "$TARGET/vms.txt") VMs, $(du -cb "$TARGET"/*.csv.gz | tail -1 | cut -f1) bytes of .csv.gz" >&2
