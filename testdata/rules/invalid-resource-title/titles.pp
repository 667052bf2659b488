# Literal titles Puppet refuses; titles that are not literals, and the
# same title in two expressions (duplicate-resource's), are not flagged.
class bad {
  file { undef: ensure => file } # want error:"this resource's title is undef"
  file { ['/a', undef]: ensure => file } # want error:"a title of this resource is undef"
  file { 42: ensure => file } # want error:"the number 42, not a string"
  file { [true]: ensure => file } # want error:"the Boolean true, not a string"
  file { '': ensure => file } # want error:"the empty string"
  file { '/b': ensure => file; '/b': mode => '0644' } # want error:"title \"/b\" is used twice in this resource expression"
  file { ['/c', '/c']: ensure => file } # want error:"title \"/c\" is used twice"
  file { default: mode => '0644'; default: owner => 'root'; '/d': } # want error:"title \"default\" is used twice"
}
class good($path = '/x') {
  file { $path: ensure => file }
  file { "${path}.d": ensure => directory }
  file { default: mode => '0644'; ['/e', '/f']: ; '/g': }
  file { '/h': }
}
