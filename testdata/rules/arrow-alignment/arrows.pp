class arrows (String $os) {
  file { '/a':
    ensure => file,
    owner => 'root', # want "expected in column 12, but found it in column 11"
    mode    => '0644', # want "expected in column 12, but found it in column 13"
  }
  package { 'x':
    ensure  => present, name => 'y', # want "expected in column 13, but found it in column 30"
    require => Package['z'],
  }
  service { 'svc':
    ensure   => running, # want "expected in column 15, but found it in column 14"
    enable => true, # want "expected in column 15, but found it in column 12"
    hasstatus => { 'a' => 1,
      'bbb' => 2 }, # want "expected in column 24, but found it in column 13"
  }
  user { "${os}-u":
    ensure => present,
    uid => 10, # want "expected in column 12, but found it in column 9"
  }
  exec { 'e':
    command => 'x',
    # a comment
    path        => '/bin', # want "expected in column 13, but found it in column 17"
  }
}
