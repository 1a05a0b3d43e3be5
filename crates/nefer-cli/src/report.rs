//! `report.html` of `nefer study --out DIR`: the study's charts in one self-contained page.
//!
//! The page is drawn from `study.json` alone (the value [`html`] takes), so that what the
//! charts show is what the JSON holds. Every chart is an SVG drawn by plotters and inlined:
//! no script, no style sheet, no font or image to fetch, nothing from the network.
//!
//! - **Length**: each row's distribution of game lengths in turns (the JSON's histogram).
//! - **Win chances**: seat A's win chance along the first sample games of the strong
//!   player against itself, over the share of the game played.
//! - **Skill against luck**: one point per row, luck's share of all change of win chance
//!   against the Elo spread over random play, each with its 95 % interval.
//! - **Sweeps**: for a swept option, each metric against the option's values, with
//!   intervals, one line per rule set.
//!
//! Each chart sits in a `<figure data-chart="KIND">` so that a test (e2e/study.test.mjs) can
//! find it and check that it holds drawn data.

use std::fmt::Write as _;

use anyhow::{Result, anyhow};
use plotters::prelude::*;
use serde_json::Value;

/// Chart sizes in pixels.
const SMALL: (u32, u32) = (420, 260);
const WIDE: (u32, u32) = (640, 400);

/// Colours of the lines and points, in row order (repeating): distinct, readable on white.
const PALETTE: [RGBColor; 7] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(140, 86, 75),
    RGBColor(23, 190, 207),
];

/// A row's name, as the Markdown names it: the rule set, its variant, the swept value.
fn row_label(row: &Value) -> String {
    let mut s = row["rules"].as_str().unwrap_or("?").to_owned();
    if let Some(v) = row["variant"].as_str().filter(|v| !v.is_empty()) {
        let _ = write!(s, " ({v})");
    }
    if let Some(sw) = row["sweep"].as_object() {
        let _ = write!(
            s,
            " {}={}",
            sw["name"].as_str().unwrap_or("?"),
            sw["value"].as_str().unwrap_or("?")
        );
    }
    s
}

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Draws one SVG chart into a string with `draw`.
fn svg(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, plotters::coord::Shift>) -> Result<()>,
) -> Result<String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| anyhow!("cannot draw: {e}"))?;
        draw(&root)?;
        root.present().map_err(|e| anyhow!("cannot draw: {e}"))?;
    }
    Ok(out)
}

fn failed(e: impl std::fmt::Display) -> anyhow::Error {
    anyhow!("cannot draw a chart: {e}")
}

/// A figure: the chart and its caption.
fn figure(kind: &str, caption: &str, chart: &str) -> String {
    format!(
        "<figure data-chart=\"{kind}\">{chart}<figcaption>{}</figcaption></figure>\n",
        esc(caption)
    )
}

/// The histogram of a row's lengths in turns: (bin start, bin width, counts).
fn histogram(row: &Value) -> Option<(f64, f64, Vec<f64>)> {
    let h = row.pointer("/duration/turns/histogram")?;
    let counts: Vec<f64> = h["counts"]
        .as_array()?
        .iter()
        .filter_map(Value::as_f64)
        .collect();
    Some((h["start"].as_f64()?, h["width"].as_f64()?, counts))
}

fn length_chart(row: &Value) -> Result<Option<String>> {
    let Some((start, width, counts)) = histogram(row) else {
        return Ok(None);
    };
    if counts.is_empty() {
        return Ok(None);
    }
    let total: f64 = counts.iter().sum();
    let end = start + width * counts.len() as f64;
    let top = counts.iter().cloned().fold(0.0, f64::max) / total * 1.1;
    let chart = svg(SMALL, |root| {
        let mut c = ChartBuilder::on(root)
            .caption(row_label(row), ("sans-serif", 15))
            .margin(8)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(start..end, 0.0..top)
            .map_err(failed)?;
        c.configure_mesh()
            .x_desc("turns")
            .y_desc("share of games")
            .disable_x_mesh()
            .draw()
            .map_err(failed)?;
        c.draw_series(counts.iter().enumerate().map(|(k, &n)| {
            let x0 = start + width * k as f64;
            Rectangle::new([(x0, 0.0), (x0 + width, n / total)], PALETTE[0].filled())
        }))
        .map_err(failed)?;
        Ok(())
    })?;
    Ok(Some(chart))
}

fn trajectory_chart(row: &Value) -> Result<Option<String>> {
    let samples: Vec<Vec<f64>> = row
        .pointer("/win_chances/samples")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|g| {
                    g.as_array()
                        .map(|v| v.iter().filter_map(Value::as_f64).collect::<Vec<_>>())
                })
                .filter(|g: &Vec<f64>| g.len() >= 2)
                .collect()
        })
        .unwrap_or_default();
    if samples.is_empty() {
        return Ok(None);
    }
    let chart = svg(SMALL, |root| {
        let mut c = ChartBuilder::on(root)
            .caption(row_label(row), ("sans-serif", 15))
            .margin(8)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(0.0..1.0, 0.0..1.0)
            .map_err(failed)?;
        c.configure_mesh()
            .x_desc("share of the game played")
            .y_desc("seat A's win chance")
            .draw()
            .map_err(failed)?;
        for (k, g) in samples.iter().enumerate() {
            let last = (g.len() - 1) as f64;
            c.draw_series(LineSeries::new(
                g.iter().enumerate().map(|(i, &w)| (i as f64 / last, w)),
                PALETTE[k % PALETTE.len()].stroke_width(2),
            ))
            .map_err(failed)?
            .label(format!("game {k}"));
        }
        Ok(())
    })?;
    Ok(Some(chart))
}

/// A figure with its interval: (value, low, high); unknown bounds become the value.
fn with_interval(v: &Value, value: &str, ci: &str) -> Option<Interval> {
    let x = v.pointer(value)?.as_f64()?;
    let lo = v
        .pointer(&format!("{ci}/0"))
        .and_then(Value::as_f64)
        .unwrap_or(x);
    let hi = v
        .pointer(&format!("{ci}/1"))
        .and_then(Value::as_f64)
        .unwrap_or(x);
    Some((x, lo, hi))
}

/// Luck's share (in %) and the Elo spread of a row, each with its interval, and whether the
/// Elo spread is only a lower bound: a clean sweep's is infinite (`null`), and the chart
/// then shows its interval's finite lower bound as a hollow point.
type SkillLuck = (Interval, Interval, bool);

/// A figure with its interval: (value, low, high).
type Interval = (f64, f64, f64);

/// A point of skill against luck: the row's name, luck's share, the Elo spread, and whether
/// the spread is a lower bound only.
type Point = (String, Interval, Interval, bool);

/// A line of a sweep's chart: the rule set, and its points (x, value, low, high).
type Line<'a> = (&'a str, Vec<(f64, f64, f64, f64)>);

fn skill_and_luck(row: &Value) -> Option<SkillLuck> {
    let luck = with_interval(
        row,
        "/win_chances/metrics/luck_share/value",
        "/win_chances/metrics/luck_share/ci95",
    )?;
    let luck = (100.0 * luck.0, 100.0 * luck.1, 100.0 * luck.2);
    match with_interval(row, "/skill/elo_spread/value", "/skill/elo_spread/ci95") {
        Some(elo) => Some((luck, elo, false)),
        None => {
            let lo = row.pointer("/skill/elo_spread/ci95/0")?.as_f64()?;
            Some((luck, (lo, lo, lo), true))
        }
    }
}

fn skill_luck_chart(rows: &[Value]) -> Result<Option<String>> {
    let points: Vec<Point> = rows
        .iter()
        .filter_map(|r| skill_and_luck(r).map(|(l, e, bound)| (row_label(r), l, e, bound)))
        .collect();
    if points.is_empty() {
        return Ok(None);
    }
    let span = |f: &dyn Fn(&Point) -> (f64, f64)| {
        let lo = points.iter().map(|p| f(p).0).fold(f64::INFINITY, f64::min);
        let hi = points
            .iter()
            .map(|p| f(p).1)
            .fold(f64::NEG_INFINITY, f64::max);
        let pad = ((hi - lo) * 0.1).max(1.0);
        (lo - pad, hi + pad)
    };
    let (x0, x1) = span(&|p| (p.1.1, p.1.2));
    // Room on the right for the names written beside the points.
    let x1 = x1 + (x1 - x0) * 0.25;
    let (y0, y1) = span(&|p| (p.2.1, p.2.2));
    let chart = svg(WIDE, |root| {
        let mut c = ChartBuilder::on(root)
            .caption("Skill against luck", ("sans-serif", 17))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d(x0..x1, y0..y1)
            .map_err(failed)?;
        c.configure_mesh()
            .x_desc("luck's share of all change of win chance (%)")
            .y_desc("Elo spread over random play")
            .draw()
            .map_err(failed)?;
        for (k, (name, (lx, llo, lhi), (ey, elo, ehi), bound)) in points.iter().enumerate() {
            let colour = PALETTE[k % PALETTE.len()];
            c.draw_series([
                PathElement::new(vec![(*llo, *ey), (*lhi, *ey)], colour.stroke_width(1)),
                PathElement::new(vec![(*lx, *elo), (*lx, *ehi)], colour.stroke_width(1)),
            ])
            .map_err(failed)?;
            let style = if *bound {
                colour.stroke_width(2)
            } else {
                colour.filled()
            };
            let name = if *bound {
                format!("{name} (at least: every game won)")
            } else {
                name.clone()
            };
            c.draw_series([Circle::new((*lx, *ey), 5, style)])
                .map_err(failed)?;
            // Each point named beside it rather than in a legend, which would hide points
            // wherever it sits.
            c.draw_series([EmptyElement::at((*lx, *ey))
                + Text::new(
                    name,
                    (8, -14),
                    ("sans-serif", 12).into_font().color(&colour),
                )])
            .map_err(failed)?;
        }
        Ok(())
    })?;
    Ok(Some(chart))
}

/// The metrics a sweep's charts show: a title, the JSON path of the value and of its
/// interval, and a scale (100 for a share shown in %).
const SWEPT: [(&str, &str, &str, f64); 7] = [
    (
        "first player wins (%)",
        "/outcome/first_player/rate",
        "/outcome/first_player/ci95",
        100.0,
    ),
    (
        "mean length (turns)",
        "/duration/turns/mean",
        "/duration/turns/mean_ci95",
        1.0,
    ),
    (
        "decisions with a real choice (%)",
        "/decisions/real_choice_share/value",
        "/decisions/real_choice_share/ci95",
        100.0,
    ),
    (
        "luck's share (%)",
        "/win_chances/metrics/luck_share/value",
        "/win_chances/metrics/luck_share/ci95",
        100.0,
    ),
    (
        "drama (%)",
        "/win_chances/metrics/drama/mean",
        "/win_chances/metrics/drama/ci95",
        100.0,
    ),
    (
        "critical decisions (%)",
        "/win_chances/metrics/critical_decisions/value",
        "/win_chances/metrics/critical_decisions/ci95",
        100.0,
    ),
    (
        "Elo spread over random",
        "/skill/elo_spread/value",
        "/skill/elo_spread/ci95",
        1.0,
    ),
];

/// One chart per metric of a sweep: the metric against the swept values, a line per rule set
/// (its rows in value order), with intervals.
fn sweep_charts(rows: &[Value], option: &str) -> Result<Vec<(String, String)>> {
    // The swept values in first-seen order: the x axis's categories.
    let mut values: Vec<String> = Vec::new();
    let mut groups: Vec<(String, Vec<(usize, Value)>)> = Vec::new();
    for r in rows {
        let Some(v) = r.pointer("/sweep/value").and_then(Value::as_str) else {
            continue;
        };
        let x = values.iter().position(|w| w == v).unwrap_or_else(|| {
            values.push(v.to_owned());
            values.len() - 1
        });
        let mut name = r["rules"].as_str().unwrap_or("?").to_owned();
        if let Some(var) = r["variant"].as_str().filter(|v| !v.is_empty()) {
            let _ = write!(name, " ({var})");
        }
        match groups.iter_mut().find(|(n, _)| *n == name) {
            Some((_, pts)) => pts.push((x, r.clone())),
            None => groups.push((name, vec![(x, r.clone())])),
        }
    }
    let mut charts = Vec::new();
    for (title, value, ci, scale) in SWEPT {
        let lines: Vec<Line> = groups
            .iter()
            .map(|(name, pts)| {
                let pts = pts
                    .iter()
                    .filter_map(|(x, r)| {
                        with_interval(r, value, ci)
                            .map(|(v, lo, hi)| (*x as f64, scale * v, scale * lo, scale * hi))
                    })
                    .collect::<Vec<_>>();
                (name.as_str(), pts)
            })
            .filter(|(_, pts)| !pts.is_empty())
            .collect();
        if lines.is_empty() {
            continue;
        }
        let lo = lines
            .iter()
            .flat_map(|(_, p)| p.iter().map(|q| q.2))
            .fold(f64::INFINITY, f64::min);
        let hi = lines
            .iter()
            .flat_map(|(_, p)| p.iter().map(|q| q.3))
            .fold(f64::NEG_INFINITY, f64::max);
        let pad = ((hi - lo) * 0.1).max(0.5);
        let n = values.len();
        let names = values.clone();
        let chart = svg(SMALL, |root| {
            let mut c = ChartBuilder::on(root)
                .caption(title, ("sans-serif", 15))
                .margin(8)
                .x_label_area_size(36)
                .y_label_area_size(52)
                .build_cartesian_2d(-0.5..(n as f64 - 0.5), (lo - pad)..(hi + pad))
                .map_err(failed)?;
            c.configure_mesh()
                .x_desc(option)
                .x_labels(n.max(2))
                .x_label_formatter(&|x| {
                    let k = x.round();
                    if (x - k).abs() < 1e-6 && k >= 0.0 && (k as usize) < names.len() {
                        names[k as usize].clone()
                    } else {
                        String::new()
                    }
                })
                .draw()
                .map_err(failed)?;
            for (k, (name, pts)) in lines.iter().enumerate() {
                let colour = PALETTE[k % PALETTE.len()];
                c.draw_series(LineSeries::new(
                    pts.iter().map(|p| (p.0, p.1)),
                    colour.stroke_width(2),
                ))
                .map_err(failed)?
                .label(name.to_string())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2))
                });
                c.draw_series(pts.iter().map(|p| {
                    PathElement::new(vec![(p.0, p.2), (p.0, p.3)], colour.stroke_width(1))
                }))
                .map_err(failed)?;
                c.draw_series(
                    pts.iter()
                        .map(|p| Circle::new((p.0, p.1), 3, colour.filled())),
                )
                .map_err(failed)?;
            }
            c.configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK.mix(0.3))
                .draw()
                .map_err(failed)?;
            Ok(())
        })?;
        charts.push((title.to_owned(), chart));
    }
    Ok(charts)
}

/// The report page of a study (`study.json`'s value).
///
/// # Errors
/// A chart that plotters cannot draw.
pub fn html(study: &Value) -> Result<String> {
    let rows: &[Value] = study["studies"].as_array().map_or(&[], Vec::as_slice);
    let mut body = String::new();
    let players = format!(
        "{} against {}, {} games per row, seed {}",
        study["a"].as_str().unwrap_or("?"),
        study["b"].as_str().unwrap_or("?"),
        study["games"],
        study["seed"]
    );
    let _ = writeln!(
        body,
        "<h1>nefer study</h1>\n<p>{}. The figures and their 95&nbsp;% intervals are in \
         <code>study.json</code> and <code>study.md</code>; <code>docs/dev/study.md</code> \
         defines each.</p>",
        esc(&players)
    );
    let _ = writeln!(body, "<h2>Length of the games</h2>");
    for r in rows {
        if let Some(c) = length_chart(r)? {
            body.push_str(&figure(
                "length",
                &format!("{}: games by length in turns", row_label(r)),
                &c,
            ));
        }
    }
    let traj: Vec<(String, String)> = rows
        .iter()
        .map(|r| Ok(trajectory_chart(r)?.map(|c| (row_label(r), c))))
        .collect::<Result<Vec<_>>>()?
        .into_iter()
        .flatten()
        .collect();
    if !traj.is_empty() {
        let _ = writeln!(
            body,
            "<h2>Win chances along games</h2>\n<p>Seat A's win chance after every action of \
             the first games of {} against itself.</p>",
            esc(study["strong"].as_str().unwrap_or("?"))
        );
        for (name, c) in traj {
            body.push_str(&figure(
                "trajectory",
                &format!("{name}: seat A's win chance"),
                &c,
            ));
        }
    }
    if let Some(c) = skill_luck_chart(rows)? {
        let _ = writeln!(body, "<h2>Skill against luck</h2>");
        body.push_str(&figure(
            "skill-luck",
            "Each rule set: luck's share of all change of win chance, and the Elo spread \
             between the strong player and random play, with 95 % intervals.",
            &c,
        ));
    }
    if let Some(option) = study["sweep"].as_str() {
        let name = option.split_once('=').map_or(option, |(n, _)| n);
        let charts = sweep_charts(rows, name)?;
        if !charts.is_empty() {
            let _ = writeln!(body, "<h2>Sweep of {}</h2>", esc(name));
            for (title, c) in charts {
                body.push_str(&figure(
                    "sweep",
                    &format!("{title} by value of {name}, with 95 % intervals"),
                    &c,
                ));
            }
        }
    }
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>nefer study</title>\n<style>\nbody {{ font-family: sans-serif; margin: 2em; \
         max-width: 1400px; }}\nfigure {{ display: inline-block; margin: 0.5em; vertical-align: \
         top; }}\nfigcaption {{ font-size: 0.85em; max-width: 420px; }}\n</style>\n</head>\n\
         <body>\n{body}</body>\n</html>\n"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A study of two rows, one with win chances and skill, as `study.json` writes them.
    fn study() -> Value {
        let row = |rules: &str, value: &str, luck: f64, elo: f64| {
            json!({
                "rules": rules, "variant": "", "sweep": {"name": "hj.lines", "value": value},
                "outcome": {"first_player": {"rate": 0.5, "ci95": [0.4, 0.6]}},
                "duration": {"turns": {"mean": 80.0, "mean_ci95": [78.0, 82.0],
                    "histogram": {"start": 60, "width": 5, "counts": [1, 4, 9, 4, 2]}}},
                "decisions": {"real_choice_share": {"value": 0.3, "ci95": [0.28, 0.32]}},
                "win_chances": {
                    "metrics": {"luck_share": {"value": luck, "ci95": [luck - 0.05, luck + 0.05]},
                                "drama": {"mean": 0.1, "ci95": [0.08, 0.12]}},
                    "samples": [[0.5, 0.6, 0.4, 1.0], [0.5, 0.3, 0.0]]},
                "skill": {"elo_spread": {"value": elo, "ci95": [elo - 50.0, null]}},
            })
        };
        json!({
            "a": "random", "b": "random", "games": 20, "seed": 1, "strong": "master",
            "sweep": "hj.lines",
            "studies": [row("hj.french", "none", 0.7, 300.0), row("hj.french", "all", 0.6, 350.0)],
        })
    }

    #[test]
    fn the_report_draws_every_chart_inline() {
        let page = html(&study()).unwrap();
        assert!(page.starts_with("<!DOCTYPE html>"));
        let count = |kind: &str| page.matches(&format!("data-chart=\"{kind}\"")).count();
        assert_eq!(count("length"), 2);
        assert_eq!(count("trajectory"), 2);
        assert_eq!(count("skill-luck"), 1);
        // First player, length, real choices, luck's share, drama, Elo; no critical decisions
        // in this JSON.
        assert_eq!(count("sweep"), 6);
        assert_eq!(page.matches("<svg").count(), 11);
        // Nothing to fetch: no script, no link, no external image.
        for bad in ["<script", "<link", "<img"] {
            assert!(!page.contains(bad), "{bad}");
        }
        // The only address is the SVG namespace's, a name that is never fetched.
        assert_eq!(
            page.matches("http").count(),
            page.matches("http://www.w3.org/").count()
        );
    }

    /// A clean sweep has no finite Elo spread: the scatter shows its lower bound, hollow.
    #[test]
    fn a_clean_sweep_is_shown_as_a_lower_bound() {
        let mut s = study();
        s["studies"][0]["skill"]["elo_spread"] = json!({"value": null, "ci95": [250.0, null]});
        let page = html(&s).unwrap();
        assert!(page.contains("(at least: every game won)"));
        assert_eq!(page.matches("data-chart=\"skill-luck\"").count(), 1);
    }

    #[test]
    fn thin_keeps_the_ends_and_spreads_the_rest() {
        let g: Vec<f64> = (0..11).map(f64::from).collect();
        assert_eq!(
            crate::study::thin(&g, 3),
            [0.0, 5.0, 10.0].map(f64::from).to_vec()
        );
        assert_eq!(crate::study::thin(&g, 20), g);
    }

    #[test]
    fn an_empty_study_is_a_page_without_charts() {
        let page = html(&json!({"studies": []})).unwrap();
        assert!(!page.contains("<svg"));
    }
}
