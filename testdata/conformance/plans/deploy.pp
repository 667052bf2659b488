plan mymod::deploy(TargetSpec $targets) {
  run_task('mymod::x', $targets)
}
