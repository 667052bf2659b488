node 'web01.example.com', 'db_1-a.example.com', web02.example.com, default {}
node /^Web\d+$/ {}
node "${facts['networking']['fqdn']}" {} # want error:"node name .* is interpolated.*An interpolated expression is not allowed in a hostname of a node"
node 'Web01.example.com' {} # want info:"node name 'Web01.example.com' breaks the rule for node names.*Puppet accepts uppercase letters today and lower-cases them"
node 'web 01' {} # want error:"node name 'web 01'.*Puppet rejects it: .The hostname 'web 01' contains illegal characters"
node 'a', 'b/c' {} # want error:"node name 'b/c'"
