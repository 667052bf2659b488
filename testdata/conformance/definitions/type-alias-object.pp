type Mymod::Point = Object[{
  attributes => { x => Integer },
}]
