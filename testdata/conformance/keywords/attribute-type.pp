exec { 'x':
  command => '/bin/true',
  type => 'y',
}
