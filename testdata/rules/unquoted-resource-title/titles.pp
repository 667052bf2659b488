class titles (String $pkg) {
  file { motd: ensure => file } # want "unquoted resource title"
  file { 'issue': ensure => file }
  file { $pkg: ensure => file }
  service { foo::bar: ensure => running } # want "unquoted resource title"
  case $pkg {
    web: { notice(1) }
    default: { }
  }
  package { [curl, 'wget']: ensure => installed } # want "unquoted resource title"
}
