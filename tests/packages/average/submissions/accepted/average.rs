use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut words = text.split_whitespace().map(|w| w.parse::<i64>().unwrap());
    let n = words.next().unwrap();
    let sum: i64 = words.sum();
    println!("{}", sum as f64 / n as f64);
}
