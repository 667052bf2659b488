file { '/x':
  "mode" => '0644',
}
