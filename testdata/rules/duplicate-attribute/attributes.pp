# An attribute set twice: in a body, through a literal
# hash unfolded with *, in a default, in two defaults of one type in one
# block, in an override; a collector's override is a warning. Not flagged:
# distinct attributes, a hash not written out, defaults in two scopes.
class dup {
  file { '/a': owner => 'root', owner => 'nobody' } # want error:"attribute owner is set twice in this resource body"
  file { '/c': owner => 'root', * => { 'owner' => 'nobody' } } # want error:"attribute owner is set twice"
  File { group => 'root', group => 'wheel' } # want error:"attribute group is set twice in this resource default"
  Exec { path => '/bin' }
  Exec { timeout => 10, path => '/usr/bin' } # want error:"attribute path is set by an earlier resource default of Exec"
  File['/a'] { mode => '0600', mode => '0644' } # want error:"attribute mode is set twice in this override"
  File <| tag == 'x' |> { mode => '0600', mode => '0644' } # want warning:"attribute mode is set twice in this collector's override"
}
class fine($attrs = {}) {
  file { '/d': owner => 'root', group => 'root', * => $attrs }
  file { '/e': owner => 'root', * => { 'group' => 'root' } }
  Exec { path => '/bin' }
  if $facts['kernel'] == 'Linux' {
    Exec { timeout => 10 }
  }
}
