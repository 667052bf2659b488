# Type names as the titles of resource references in relationship metaparameters.
class profile::app {
  file { '/etc/app.conf':
    ensure  => file,
    require => Package[App], # want "resource reference with title with capital letter"
  }

  # A title that is a string: nothing to report.
  service { 'app':
    subscribe => File['/etc/app.conf'],
  }
}
