file { '/tmp/a':
  tag => 'a b', # want "tag 'a b' breaks the rule for tags.*Puppet fails the catalog: .Invalid tag 'a b'."
}
file { '/tmp/b':
  tag => ['ok', 'Ok::x.y-z', '-bad', '_ok', 'été'], # want "tag '-bad'"
}
File { tag => 'x/y' } # want "tag 'x/y'"
File['/tmp/a'] { tag => '' } # want "tag ''"
tag 'fine', 'not fine' # want "tag 'not fine'"
tag('a.b', ['c:d', '.e']) # want "tag '.e'"
$t = 'a'
tag "${t} b", $t
class { 'x': tag => 'a+b' } # want "tag 'a[+]b'"
file { '/tmp/c': tags => 'not the metaparameter' }
notice('tag' , 'a b')
