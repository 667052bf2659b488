class guarded (String $dir, String $other, Boolean $manage) {
  # Variable tests are intentional.
  if defined('$::custom_fact') {
    notify { 'fact': }
  }
  $known = '$dir'.defined

  # Sanity checks: the arm only fails or logs.
  if !defined(Class['apache']) {
    fail('include apache first')
  }
  unless defined(Class['apache']) {
    warning('apache is missing')
    notice('carrying on')
  }
  if defined(Anchor['x present']) {
    fail('x already present')
  }
  if !defined(Ceph::Keyring['admin']) {
    notify { 'admin keyring not defined, things might not work': }
  }

  # Guards around what they test: nothing else in this file declares it.
  if !defined(Package['git']) { # want info:"guards Package\\['git'\\], which nothing else in the tree declares"
    package { 'git': ensure => installed }
  }
  unless defined(File['/srv']) or $manage { # want info:"guards File\\['/srv'\\]"
    file { '/srv': ensure => directory }
  }
  if $manage and !defined(Package['curl']) { # want info:"guards Package\\['curl'\\]"
    ensure_packages(['curl'])
  }
  if $manage {
    notice('managed')
  } elsif !defined(Service['ssh']) { # want info:"guards Service\\['ssh'\\]"
    service { 'ssh': ensure => running }
  }
  if !defined(File[$dir]) { # want info:"guards a declaration with a computed title"
    file { $dir: ensure => directory }
  }
  if !defined(Class['ntp']) { # want info:"guards an include, which is idempotent"
    include ntp
  }

  # A guard testing one thing and declaring another.
  if !defined(Network::Interface['lo']) { # want warning:"guards a declaration of Site::Network::Interface\\['lo'\\], a resource of another type"
    site::network::interface { 'lo': }
  }
  if !defined(File['/a']) { # want info:"guards a declaration of File\\['/b'\\], not of what it tests No catalog of this tree declares that with it"
    file { '/b': ensure => file }
  }
  if !defined(Class['sce_linux']) { # want info:"guards a declaration of Class\\['motd'\\]"
    include motd
  }

  # A string is a class or type name, never a resource's title: the guard never skips the
  # declaration, which fails when another declaration of the resource meets it.
  if !defined($other) { # want info:"asks whether a class or type of that name exists, not whether File\\[\\$other\\] is declared: the guard never skips it"
    file { $other: ensure => directory }
  }
  if !defined('/etc/app') { # want warning:"not whether File\\['/etc/app'\\] is declared: the guard never skips it, and class 'guarded' also declares it"
    file { '/etc/app': ensure => directory }
  }
  if !defined('/etc/lonely') { # want info:"not whether File\\['/etc/lonely'\\] is declared: the guard never skips it"
    file { '/etc/lonely': ensure => directory }
  }
  file { '/etc/app': ensure => directory }

  # Positive tests and other uses depend on evaluation order.
  if defined(Class['apache']) { # want info:"depends on evaluation order"
    Class['apache'] -> Class['guarded']
  }
  $has_git = defined(Package['git']) # want info:"depends on evaluation order"
  $has_curl = Package['curl'].defined # want info:"depends on evaluation order"
  if defined($known) { # want info:"what it tests depends on the value"
    include known
  }
  if defined($known) {
    notice('known')
  }
  $defined = 'not a call'
  notify { $defined: message => "${has_git} ${has_curl}" }
}
