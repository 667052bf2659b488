class { 'apache':
  version => '2.4',
}
