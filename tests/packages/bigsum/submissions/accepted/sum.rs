use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let sum: u64 = text.split_whitespace().skip(1).map(|w| w.parse::<u64>().unwrap()).sum();
    println!("{}", sum);
}
