# <module>::init
class apache::init {
}
