# Bare words as the titles of resource references in relationship metaparameters.
class profile::app {
  package { 'app': }
  file { '/etc/app.conf':
    ensure  => file,
    require => Package[app], # want "unquoted title in resource reference"
    notify  => [Service[app], Exec['reload']], # want "unquoted title in resource reference"
  }

  # Quoted titles, and references outside the relationship metaparameters:
  # nothing to report.
  service { 'app':
    subscribe => File['/etc/app.conf'],
  }
  exec { 'reload':
    command => '/bin/true',
    before  => Service['app'],
  }
  Package[app] -> Service['app']
}
