# Shared by the Tools/bench-*.sh scripts that time whole commands: `source Tools/bench-measure.sh`
# after setting RUNS and work (a scratch directory).
# measure OUTFILE CMD...: runs CMD $RUNS times; prints "median_seconds peak_rss_kb median_cpu_seconds"
# (CPU = user + system, from GNU time: on a shared machine it moves less than wall time).
measure() {
  local out=$1; shift
  local times=() cpus=() rss=0
  for _ in $(seq "$RUNS"); do
    rm -f "$out"
    local start=$EPOCHREALTIME
    /usr/bin/time -f "%M %U %S" -o "$work/time.txt" "$@" >/dev/null 2>"$work/err.txt" || { cat "$work/err.txt" >&2; return 1; }
    local end=$EPOCHREALTIME
    read -r m u s < "$work/time.txt"
    times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')"); [ "$m" -gt "$rss" ] && rss=$m
    cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')")
  done
  median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
  printf '%s %s %s\n' "$(median "${times[@]}")" "$rss" "$(median "${cpus[@]}")"
}
