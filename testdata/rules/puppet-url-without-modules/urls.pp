class urls {
  file { '/etc/a': source => 'puppet:///foo/a' } # want "puppet:// URL without modules/ found"
  file { '/etc/b': source => "puppet://srv/foo/${::fqdn}" } # want "puppet:// URL without modules/ found"
  file { '/etc/c': source => 'puppet:///modules/foo/c' }
  file { '/etc/d': source => 'puppet://srv/modules/foo/d' }
  file { '/etc/e': source => 'https://example.com/e' }
}
