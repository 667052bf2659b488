exec { 'x':
  command => '/bin/true',
  before => 'y',
}
