plan mymod::deploy(TargetSpec $targets, Boolean $noop = false) {
  $r = run_task('mymod::x', $targets)
  apply($targets, _catch_errors => true) {
    file { '/tmp/x': ensure => file }
  }
  return $r
}
