plan mymod::apply_block(TargetSpec $targets) {
  apply($targets, _catch_errors => true) {
    notify { 'x': }
  }
}
