# Sourced by .ci/try_wheel and .ci/try_bundle: `step CMD...` runs one command quietly, prints
# its time, and on failure prints its output and stops the script.
step() {
  printf '  %-64s ' "$*"
  local t0=$SECONDS log
  log=$(mktemp)
  if ! "$@" >"$log" 2>&1; then echo FAILED; cat "$log"; rm -f "$log"; exit 1; fi
  rm -f "$log"
  echo "ok ($((SECONDS - t0)) s)"
}
