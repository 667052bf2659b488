# A file written for the differential test: what the checks of Vox Pupuli's
# puppet-lint plugins look for, and near misses.
#
# @param retries
#   How often to try.
# @param myName
#   The name.
class synthetic::voxpupuli (
  Integer $retries = 03,
  String $myName = 'x',
) inherits ::synthetic::params {
  include ::stdlib
  contain '::synthetic::install', synthetic::config
  require ::synthetic::repo
  include downcase('::Synthetic')

  class { '::synthetic::service':
    enable => true
  }

  $octal = 0755
  $hex = 0x1F
  $float = 0.5
  $zero = 0
  $greetingText = "${myName}: ${retries}"
  $indexed = $facts['networking']['fqdn']

  file { '/etc/synthetic':
    ensure  => present,
    require => [Package[synthetic], Package[Synthetic]],
    notify  => Service['synthetic'],
  }
  file { '/etc/synthetic/link':
    ensure => 'present',
    target => '/etc/synthetic/conf',
  }
  file { '/etc/synthetic/dir':
    ensure => directory,
  }
  package { 'synthetic':
    ensure => installed,
    before => File[conf],
  }
  exec { 'synthetic-reload':
    command     => '/bin/true',
    refreshonly => true,
    subscribe   => [
      File['/etc/synthetic'],
      Package['synthetic']
    ],
  }
  Class['::synthetic::install'] -> Class['synthetic::config']

  $list = [
    'a',
    'b'
  ]
  $nested = {
    'k' => [
      1,
      2
    ],
    'l' => "${indexed['x']}"
  }
  $text = {
    'motd' => @(END)
      hello
      | END
  }
  File {
    owner => 'root'
  }
  if $facts['kernel'] == Linux {
    include synthetic::linux
  }
  service { 'synthetic':
    ensure => running
  }
}
