# Shared by the Tools/bench-*.sh scripts that time whole commands: `source Tools/bench-measure.sh`
# after setting RUNS and work (a scratch directory).
# measure OUTFILE CMD...: runs CMD $RUNS times; prints "median_seconds peak_rss_kb"
measure() {
  local out=$1; shift
  local times=() rss=0
  for _ in $(seq "$RUNS"); do
    rm -f "$out"
    local start=$EPOCHREALTIME
    /usr/bin/time -f "%M" -o "$work/time.txt" "$@" >/dev/null 2>"$work/err.txt" || { cat "$work/err.txt" >&2; return 1; }
    local end=$EPOCHREALTIME
    read -r m < "$work/time.txt"
    times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')"); [ "$m" -gt "$rss" ] && rss=$m
  done
  printf '%s %s\n' "$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" "$rss"
}
