function Aaa() {}
