class modes {
  file { '/a': mode => 644 } # want "unquoted file mode"
  file { '/b': mode => '0644' }
  concat { '/c':
    owner => root,
    mode  => 0640, # want "unquoted file mode"
  }
  exec { '/d': mode => 644 }
  $h = { mode => 644 }
}
class modes_calls {
  file { '/e': mode => filemode(0755) }
}
