class main {} # want "class 'main' uses a reserved class name: main is a built-in namespace"
class settings {} # want "class 'settings' uses a reserved class name"
class init {} # want "class 'init' uses a reserved class name: init is reserved.*Puppet rejects it"
class apache::init {} # want "class 'apache::init' uses a reserved class name: <module>::init .* Name the class 'apache'"
class any {} # want "class 'any' is named like the data type Any.*Puppet rejects it: .The name: 'any' is already defined by Puppet"
class Array {} # want "class 'Array' is named like the data type Array.*Unacceptable name"
class catalogentry {} # want "class 'catalogentry' is named like the data type CatalogEntry.*; Puppet's validator lets it through today"
class catalogEntry {} # want "class 'catalogEntry' is named like the data type CatalogEntry"
class CatalogEntry {} # want "class 'CatalogEntry' is named like the data type CatalogEntry"
class Numeric {} # want "data type Numeric"
class boolean {} # want "data type Boolean"
class collection {} # want "data type Collection"
class callable {} # want "data type Callable"
class data {} # want "data type Data"
class enum {} # want "data type Enum"
class float {} # want "data type Float"
class hash {} # want "data type Hash"
class integer {} # want "data type Integer"
class numeric {} # want "data type Numeric"
class optional {} # want "data type Optional"
class pattern {} # want "data type Pattern"
class resource {} # want "data type Resource"
class runtime {} # want "data type Runtime"
class scalar {} # want "data type Scalar"
class string {} # want "data type String"
class struct {} # want "data type Struct"
class tuple {} # want "data type Tuple"
class variant {} # want "data type Variant"
class Class {} # want "data type Class"
class Default {} # want "data type Default"
class Type {} # want "data type Type"
class Undef {} # want "data type Undef"
class sensitive {} # want "data type Sensitive"
# look-alikes
class foo::data_type {}
class foo::string {}
class mainly {}
class apache::mod::init {}
class foo {
  class integer {}
}
