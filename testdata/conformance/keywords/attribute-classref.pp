file { '/x':
  Mode => '0644',
}
