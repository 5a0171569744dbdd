#!/usr/bin/env bash
# A/B of two checkouts' `generate` and `codecs` benches in one sitting. Each filter runs on
# both builds in turn (old then new in odd rounds, new then old in even ones), ROUNDS times,
# so drift and other load hit both alike; then each row's median over the rounds.
#
#   git worktree add --detach ../old <commit>
#   benches/ab.sh ../old . [ROUNDS [BENCH:FILTER ...]]   # builds in DIR/target
#
# FILTER is a criterion filter (a regex on `group/row`); the default filters are the groups
# below. CRITERION_ARGS overrides `--warm-up-time 1 --measurement-time 2`; AB_TAG (default
# `ab`) names the saved baselines, `ab1` to `abROUNDS`. `uptime` before every run goes to
# stderr; the table (ns per ID, per element in the codecs groups) to stdout: the medians over
# the rounds, their ratio, and the ratio of the fastest rounds (the least disturbed by load).
set -euo pipefail
old=$(realpath "$1") new=$(realpath "$2") rounds=${3:-6} tag=${AB_TAG:-ab}
shift $(($# < 3 ? $# : 3))
filters=("$@")
((${#filters[@]})) || filters=(
  'generate:^generate/(uuid|ulid|comb|hot|distributed|sno|uid64|snowflake (twitter|discord|instagram|sonyflake))'
  'codecs:^codec/' 'codecs:^public' 'codecs:^text_round_trip/')
read -ra args <<< "${CRITERION_ARGS:---warm-up-time 1 --measurement-time 2}"

exe() { # the bench binary $2 of checkout $1, built if needed
  (cd "$1" && CARGO_TARGET_DIR="$1/target" cargo bench --locked --no-run --bench "$2" \
    --message-format=json 2>/dev/null | python3 -c 'import sys, json
print([j["executable"] for j in map(json.loads, sys.stdin) if j.get("executable")][-1])')
}
declare -A bin
for dir in "$old" "$new"; do for b in generate codecs; do bin[$dir/$b]=$(exe "$dir" $b); done; done

for r in $(seq 1 "$rounds"); do
  order=("$old" "$new"); ((r % 2)) || order=("$new" "$old")
  for f in "${filters[@]}"; do
    for dir in "${order[@]}"; do
      echo "round $r ${f#*:} $dir: $(uptime)" >&2
      CRITERION_HOME="$dir/target/criterion" "${bin[$dir/${f%%:*}]}" --bench --noplot \
        --save-baseline "$tag$r" "${args[@]}" "${f#*:}" > /dev/null 2>&1
    done
  done
done

python3 - "$old" "$new" "$rounds" "$tag" <<'EOF'
import glob, json, statistics as st, sys
old, new, rounds, tag = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
def runs(dir):
    rows = {}
    for r in range(1, rounds + 1):
        for f in glob.glob(f'{dir}/target/criterion/*/*/{tag}{r}/estimates.json'):
            b = json.load(open(f.replace('estimates.json', 'benchmark.json')))
            n = (b.get('throughput') or {}).get('Elements', 1)
            rows.setdefault(b['full_id'], []).append(json.load(open(f))['median']['point_estimate'] / n)
    return rows
a, b = runs(old), runs(new)
print('| benchmark | old median ns | new median ns | new/old | fastest rounds new/old |')
print('|---|---|---|---|---|')
for k in sorted(a.keys() & b.keys()):
    ratio = st.median(b[k]) / st.median(a[k])
    flag = ' **> 1.05**' if ratio > 1.05 else ''
    print(f'| {k} | {st.median(a[k]):.2f} | {st.median(b[k]):.2f} | {ratio:.3f}{flag} | {min(b[k]) / min(a[k]):.3f} |')
EOF
