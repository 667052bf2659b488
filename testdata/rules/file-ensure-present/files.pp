# File resources with ensure => present.
class profile::app {
  file { '/etc/app.conf':
    ensure => present, # want "ensure set to present on file resource"
  }
  file { '/etc/app.d':
    ensure => 'present', # want "ensure set to present on file resource"
    mode   => '0755',
  }

  # A kind of file, and other resource types: nothing to report.
  file { '/etc/app.d/main.conf':
    ensure => file,
  }
  package { 'app':
    ensure => present,
  }
}
