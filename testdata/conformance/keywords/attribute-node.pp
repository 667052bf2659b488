exec { 'x':
  command => '/bin/true',
  node => 'y',
}
