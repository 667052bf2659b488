file { '/etc/motd':
  ensure =>  file, # want "there should be a single space after an arrow"
  owner  =>'root', # want "single space after an arrow"
  group  => 'root',
  mode   =>	'0644', # want "single space after an arrow"
}
