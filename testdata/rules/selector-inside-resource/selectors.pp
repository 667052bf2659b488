class selectors (String $os, Hash $h) {
  package { 'ntp':
    ensure => $os ? { # want "selector inside resource block"
      'Debian' => latest,
      default  => present,
    },
    name   => $h['x'] ? { 'a' => 'b', default => 'c' }, # want "selector inside resource block"
  }
  $ensure = $os ? { 'Debian' => latest, default => present }
  package { 'chrony': ensure => $ensure }
}
