file { # title next
  '/a': # body
    ensure => file, # why
    /* mode */ mode => '0644',
}
