#!/usr/bin/env python3
"""Per-element criterion medians as Markdown rows: `python3 benches/summary.py generate codec public`."""
import json,glob,os,sys
for group in sys.argv[1:]:
    for f in sorted(glob.glob(f'target/criterion/{group}/*/new/estimates.json')):
        bj=json.load(open(f.replace('estimates.json','benchmark.json')))
        n=(bj.get('throughput') or {}).get('Elements',1)
        e=json.load(open(f)); m=e['median']['point_estimate']/n
        print(f"| {group} | {bj['function_id']} | {m:.2f} |")
