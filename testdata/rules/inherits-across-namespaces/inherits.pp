# Within the module.
class mymod::child inherits mymod {
}

# Across modules.
class mymod::other inherits apache::params { # want "class inherits across module namespaces"
}

# A leading :: is no segment.
class mymod::top inherits ::mymod::base {
}
