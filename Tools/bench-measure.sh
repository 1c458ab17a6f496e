# Shared by the Tools/bench-*.sh scripts that time whole commands: `source Tools/bench-measure.sh`
# after setting RUNS and work (a scratch directory).
# measure OUTFILE CMD...: runs CMD $RUNS times; prints "median_seconds peak_rss_kb median_cpu_seconds"
# (CPU = user + system of the command, from the shell's `times` in milliseconds: on a shared
# machine it moves less than wall time).
measure() {
  local out=$1; shift
  local times=() cpus=() rss=0 report start end cu cs
  for _ in $(seq "$RUNS"); do
    rm -f "$out"
    # In a subshell of its own, so `times` (its children's CPU) counts this one run only.
    report=$(start=$EPOCHREALTIME
      /usr/bin/time -f "%M" -o "$work/time.txt" "$@" >/dev/null 2>"$work/err.txt" || exit 1
      echo "$start $EPOCHREALTIME"; times) || { cat "$work/err.txt" >&2; return 1; }
    read -r start end <<< "$(sed -n 1p <<< "$report")"
    read -r cu cs <<< "$(sed -n 3p <<< "$report")"
    read -r m < "$work/time.txt"
    [ "$m" -gt "$rss" ] && rss=$m
    times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')")
    cpus+=("$(awk -v u="$cu" -v s="$cs" 'function sec(t, p) { split(t, p, /[ms]/); return p[1] * 60 + p[2] }
      BEGIN { printf "%.3f", sec(u) + sec(s) }')")
  done
  median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
  printf '%s %s %s\n' "$(median "${times[@]}")" "$rss" "$(median "${cpus[@]}")"
}
