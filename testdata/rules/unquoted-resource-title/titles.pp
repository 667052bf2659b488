class titles (String $name) {
  file { motd: ensure => file } # want "unquoted resource title"
  file { 'issue': ensure => file }
  file { $name: ensure => file }
  service { foo::bar: ensure => running } # want "unquoted resource title"
  case $name {
    web: { }
    default: { }
  }
  package { [curl, 'wget']: ensure => installed } # want "unquoted resource title"
}
